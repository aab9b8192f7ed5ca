import { readFileSync } from 'node:fs';
import path from 'node:path';
import jsonld from 'jsonld';
import { describe, expect, it } from 'vitest';
import { publicPassport } from '../../../testing/public-passport';
import type { BatteryCategory } from '../../schema/types';
import { buildJsonLd, SCHEMA_ORG_CONTEXT, VC_V1_CONTEXT } from './jsonld';
import type { PublicPassport } from './lookup';
import { DPP_TERMS, ESPR_TERMS } from './vocabulary';

const BASE = 'https://passports.example';
const SCHEMA = 'http://schema.org/';
// The vocabulary's IRIs are fixed: the same on every deployment, whatever BASE_URL is.
const DPP = 'https://w3id.org/batterypassportservice/ns/dpp/';
const ESPR = 'https://w3id.org/batterypassportservice/ns/espr/';

// The remote contexts come from small local copies (test fixtures), so the test never touches the network.
const LOCAL_CONTEXTS: Record<string, string> = {
  [SCHEMA_ORG_CONTEXT]: 'schema-org.jsonld',
  [VC_V1_CONTEXT]: 'credentials-v1.jsonld',
};
const documentLoader = async (url: string) => {
  const file = LOCAL_CONTEXTS[url];
  if (!file) throw new Error(`No local copy of ${url}: the test must not fetch`);
  const document = JSON.parse(readFileSync(path.join(__dirname, 'contexts', file), 'utf8'));
  return { contextUrl: undefined, documentUrl: url, document };
};

const passport = (category: BatteryCategory, ids: Partial<PublicPassport['product']> = {}) =>
  publicPassport({ category, version: 3, product: { slug: 'vx-75', path: '/dpp/vx-75', ...ids } });

type Node = Record<string, unknown>;
// safe mode: expansion throws instead of silently dropping a term that maps to no IRI.
const expand = (doc: object) =>
  (jsonld.expand as unknown as (d: object, o: object) => Promise<Node[]>)(doc, { documentLoader, safe: true });
const first = (node: Node, iri: string) => (node[iri] as Node[] | undefined)?.[0];
const value = (node: Node, iri: string) => first(node, iri)?.['@value'];

describe('JSON-LD document', () => {
  it('expands (safe mode: nothing dropped) with every listed term as a full IRI', async () => {
    const doc = buildJsonLd(
      passport('EV_BATTERY', { gtin: '04012345000009', serialNumber: 'SN-1', path: '/01/04012345000009/21/SN-1' }),
      BASE,
    );
    const [node] = await expand(doc);
    expect(node['@id']).toBe(`${BASE}/01/04012345000009/21/SN-1`);
    expect(node['@type']).toEqual([`${SCHEMA}Product`, `${DPP}DigitalProductPassport`]);
    expect(value(node, `${SCHEMA}name`)).toBe('Voltaris VX 75');
    expect(value(node, `${SCHEMA}sku`)).toBe('VX-NMC811-75');
    expect(value(node, `${SCHEMA}gtin`)).toBe('04012345000009');
    expect(first(first(node, `${SCHEMA}brand`)!, '@type')).toBe(`${SCHEMA}Brand`);
    expect(value(first(node, `${SCHEMA}brand`)!, `${SCHEMA}name`)).toBe('Voltaris Battery Systems GmbH');
    const maker = first(node, `${SCHEMA}manufacturer`)!;
    expect(maker['@type']).toEqual([`${SCHEMA}Organization`]);
    expect(value(maker, `${SCHEMA}name`)).toBe('Voltaris Battery Systems GmbH');
    expect(first(maker, `${SCHEMA}url`)?.['@id']).toBe('https://www.voltaris.example');
    expect(value(node, `${DPP}dppId`)).toBe('prod-1');
    expect(value(node, `${DPP}version`)).toBe(3);
    expect(value(node, `${DPP}batteryCategory`)).toBe('EV_BATTERY');
    expect(value(node, `${DPP}status`)).toBe('published');
    expect(value(node, `${DPP}publishedAt`)).toBe('2026-01-02T03:04:05.000Z');
    const carbon = first(node, `${DPP}carbonFootprint`)!;
    expect(value(carbon, `${DPP}totalKgCO2e`)).toBe(5600);
    expect(value(carbon, `${DPP}kgCO2ePerKwh`)).toBe(0.05);
    expect(typeof value(carbon, `${DPP}methodology`)).toBe('string');
    const circularity = first(node, `${ESPR}circularity`)!;
    // Mean of cobalt 16, lithium 6, nickel 8, lead 0.
    expect(value(circularity, `${ESPR}recycledContentPercentage`)).toBe(7.5);
  });

  it('types the @id by identifiers: GTIN and batch, GTIN only, no GTIN', () => {
    const batch = buildJsonLd(
      passport('EV_BATTERY', { gtin: '04012345000009', batchNumber: 'B7', path: '/01/04012345000009/10/B7' }),
      BASE,
    );
    expect(batch['@id']).toBe(`${BASE}/01/04012345000009/10/B7`);
    expect(
      buildJsonLd(passport('EV_BATTERY', { gtin: '04012345000009', path: '/01/04012345000009' }), BASE)['@id'],
    ).toBe(`${BASE}/01/04012345000009`);
    expect(buildJsonLd(passport('EV_BATTERY'), BASE)['@id']).toBe(`${BASE}/dpp/vx-75`);
  });

  it('leaves the carbon footprint out for a category without one (LMT)', async () => {
    const doc = buildJsonLd(passport('LMT_BATTERY'), BASE);
    expect(doc).not.toHaveProperty('dpp:carbonFootprint');
    const [node] = await expand(doc);
    expect(node).not.toHaveProperty(`${DPP}carbonFootprint`);
  });

  it('defines every dpp: and espr: term it uses in the served vocabularies', () => {
    const used = new Set<string>();
    const walk = (v: unknown) => {
      if (Array.isArray(v)) return v.forEach(walk);
      if (!v || typeof v !== 'object') return;
      for (const [k, inner] of Object.entries(v)) {
        if (k === '@context') continue;
        for (const t of [k, ...(k === '@type' ? [inner].flat() : [])])
          if (typeof t === 'string' && /^(dpp|espr):/.test(t)) used.add(t);
        walk(inner);
      }
    };
    walk(buildJsonLd(passport('EV_BATTERY'), BASE));
    const defined = new Set([...DPP_TERMS.map((t) => `dpp:${t.term}`), ...ESPR_TERMS.map((t) => `espr:${t.term}`)]);
    expect([...used].filter((t) => !defined.has(t))).toEqual([]);
  });
});

describe('the vocabulary does not depend on the deployment (a stable vocabulary)', () => {
  it('gives the same @context and the same dpp: and espr: IRIs under any BASE_URL', async () => {
    const here = buildJsonLd(passport('EV_BATTERY'), BASE);
    const there = buildJsonLd(passport('EV_BATTERY'), 'http://localhost:3000');
    expect(there['@context']).toEqual(here['@context']);
    const [expandedHere] = await jsonld.expand(here, { documentLoader });
    const [expandedThere] = await jsonld.expand(there, { documentLoader });
    const ours = (doc: object) => Object.keys(doc).filter((k) => k.startsWith(DPP) || k.startsWith(ESPR));
    expect(ours(expandedHere).length).toBeGreaterThan(10);
    expect(ours(expandedThere)).toEqual(ours(expandedHere));
    expect(expandedHere['@type']).toContain(`${DPP}DigitalProductPassport`);
  });
});

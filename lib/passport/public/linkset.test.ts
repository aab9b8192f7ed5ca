import { describe, expect, it } from 'vitest';
import { PUBLISHED_AT, publicPassport } from '../../../testing/public-passport';
import { LOCALES } from '../../i18n/locales';
import {
  buildLinkset,
  CREDENTIAL_RELATION,
  GS1_CERTIFICATION_INFO,
  GS1_DEFAULT_LINK,
  GS1_MASTER_DATA,
  GS1_PIP,
  GS1_SUSTAINABILITY_INFO,
  SNAPSHOT_RELATION,
} from './linkset';
import { DPP_TERMS } from './vocabulary';

const BASE = 'https://passports.example';

function passport(versions: number[]) {
  return publicPassport({
    version: versions.at(-1)!,
    product: {
      slug: 'vx 75',
      gtin: '04012345000009',
      serialNumber: 'SN/1',
      path: '/01/04012345000009/21/SN%2F1',
    },
    versions: versions.map((v) => ({
      version: v,
      publishedAt: PUBLISHED_AT.toISOString(),
      sha256: 'ab'.repeat(32),
      byteLength: 10,
    })),
  });
}

describe('buildLinkset: the RFC 9264 linkset of a passport', () => {
  const { linkset } = buildLinkset(passport([1, 2]), `${BASE}/`);
  const [context] = linkset;
  const api = `${BASE}/api/dpp/vx%2075`;

  it('is one link context anchored at the passport URI, every relation an array of target objects', () => {
    expect(linkset).toHaveLength(1);
    expect(context.anchor).toBe(`${BASE}/01/04012345000009/21/SN%2F1`);
    for (const [relation, targets] of Object.entries(context)) {
      if (relation === 'anchor' || relation === 'itemDescription') continue;
      expect(Array.isArray(targets), relation).toBe(true);
      for (const target of targets as object[])
        expect(
          Object.keys(target).every((k) => ['href', 'type', 'title', 'hreflang'].includes(k)),
          relation,
        ).toBe(true);
    }
  });

  it('names the viewer with the GS1 pip (the address in every language, then one link per language) and defaultLink, the default with a title only', () => {
    const viewer = { href: context.anchor, type: 'text/html', title: 'Voltaris VX 75', hreflang: [...LOCALES] };
    expect(context[GS1_PIP]).toEqual([
      viewer,
      ...LOCALES.map((lang) => ({ ...viewer, href: `${context.anchor}?lang=${lang}`, hreflang: [lang] })),
    ]);
    // GS1-Conformant resolver: exactly one default link, with a title but none of the optional attributes.
    expect(context[GS1_DEFAULT_LINK]).toEqual([{ href: context.anchor, title: 'Voltaris VX 75' }]);
  });

  it('describes the item (itemDescription, which the GS1 linkset schema requires)', () => {
    expect(context.itemDescription).toBe('Voltaris VX 75');
  });

  it('names each representation with a GS1 Web Vocabulary link type: sustainability, master data, certification', () => {
    expect(context[GS1_SUSTAINABILITY_INFO]).toEqual([
      expect.objectContaining({ href: api, type: 'application/json' }),
      expect.objectContaining({ href: `${api}/jsonld`, type: 'application/ld+json' }),
    ]);
    expect(context[GS1_MASTER_DATA]).toEqual([
      expect.objectContaining({ href: `${api}/aas`, type: 'application/aas+json' }),
    ]);
    expect(context[GS1_CERTIFICATION_INFO]).toEqual([
      expect.objectContaining({ href: `${api}/v/2/credential`, type: 'application/vc+jwt' }),
    ]);
  });

  it('links the JSON-LD (describedby), the JSON (alternate), the version list and the latest version', () => {
    expect(context.describedby).toEqual([
      expect.objectContaining({ href: `${api}/jsonld`, type: 'application/ld+json' }),
    ]);
    expect(context.alternate).toEqual([expect.objectContaining({ href: api, type: 'application/json' })]);
    expect(context['version-history']).toEqual([
      expect.objectContaining({ href: `${api}/versions`, type: 'application/json' }),
    ]);
    expect(context['latest-version']).toEqual([{ href: `${api}/v/2`, type: 'application/json', title: 'Version 2' }]);
  });

  it('lists every published version under the dpp snapshot relation, which the vocabulary defines', () => {
    expect(context[SNAPSHOT_RELATION]).toEqual([
      { href: `${api}/v/1`, type: 'application/json', title: 'Version 1' },
      { href: `${api}/v/2`, type: 'application/json', title: 'Version 2' },
    ]);
    expect(SNAPSHOT_RELATION).toBe('https://w3id.org/batterypassportservice/ns/dpp/snapshot');
    expect(DPP_TERMS.map((t) => t.term)).toContain('snapshot');
  });

  it("lists every version's signed credential under the dpp credential relation, which the vocabulary defines", () => {
    expect(context[CREDENTIAL_RELATION]).toEqual([
      { href: `${api}/v/1/credential`, type: 'application/vc+jwt', title: 'Signed credential of version 1' },
      { href: `${api}/v/2/credential`, type: 'application/vc+jwt', title: 'Signed credential of version 2' },
    ]);
    expect(DPP_TERMS.map((t) => t.term)).toContain('credential');
  });

  it('uses absolute hrefs only', () => {
    const hrefs = Object.values(context).flatMap((v) => (Array.isArray(v) ? v.map((t) => t.href) : []));
    expect(hrefs.length).toBeGreaterThan(6);
    for (const href of hrefs) expect(href.startsWith(`${BASE}/`), href).toBe(true);
  });
});

// The GS1 resolver test suite validates the linkset against GS1's linkset schema (ref.gs1.org/standards/resolver/
// linkset-schema, JSON Schema draft 7); its rules are restated here so the check needs no network.
describe('buildLinkset: valid against the GS1 linkset schema', () => {
  const RELATION = /^([a-z-]+$)|(^https?:\/\/[a-zA-z0-9./]+$)/;
  const URL_START = /^https?:\/\/[a-zA-z0-9./]+/;
  const TARGET_KEYS = ['href', 'title', 'hreflang', 'type', 'context', 'fwqs', 'public'];

  it('has an anchor and itemDescription, relation keys the schema allows, each target with href and title', () => {
    for (const base of [BASE, 'http://localhost:3000']) {
      const { linkset } = buildLinkset(passport([1, 2]), base);
      for (const context of linkset) {
        expect(context.anchor).toMatch(URL_START);
        expect(typeof context.itemDescription).toBe('string');
        for (const [relation, targets] of Object.entries(context)) {
          if (relation === 'anchor' || relation === 'itemDescription') continue;
          expect(relation, relation).toMatch(RELATION);
          for (const target of targets as unknown as Record<string, unknown>[]) {
            expect(
              Object.keys(target).every((k) => TARGET_KEYS.includes(k)),
              relation,
            ).toBe(true);
            expect(target.href, relation).toMatch(URL_START);
            expect(typeof target.title, relation).toBe('string');
            if (target.type !== undefined) expect(target.type, relation).toMatch(/\w+\/[-+.\w]+/);
            for (const lang of (target.hreflang as string[] | undefined) ?? [])
              expect(lang).toMatch(/^\w{2}(-\w{2})?$/);
          }
        }
      }
    }
  });
});

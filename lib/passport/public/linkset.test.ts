import { describe, expect, it } from 'vitest';
import { PUBLISHED_AT, publicPassport } from '../../../testing/public-passport';
import { buildLinkset, credentialRelation, GS1_DEFAULT_LINK, GS1_PIP, snapshotRelation } from './linkset';
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
      if (relation === 'anchor') continue;
      expect(Array.isArray(targets), relation).toBe(true);
      for (const target of targets as object[])
        expect(
          Object.keys(target).every((k) => ['href', 'type', 'title', 'hreflang'].includes(k)),
          relation,
        ).toBe(true);
    }
  });

  it('names the viewer with the GS1 pip and defaultLink link types', () => {
    const viewer = { href: context.anchor, type: 'text/html', title: 'Voltaris VX 75', hreflang: ['en'] };
    expect(context[GS1_PIP]).toEqual([viewer]);
    expect(context[GS1_DEFAULT_LINK]).toEqual([viewer]);
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
    expect(context[snapshotRelation(BASE)]).toEqual([
      { href: `${api}/v/1`, type: 'application/json', title: 'Version 1' },
      { href: `${api}/v/2`, type: 'application/json', title: 'Version 2' },
    ]);
    expect(snapshotRelation(BASE)).toBe(`${BASE}/ns/dpp#snapshot`);
    expect(DPP_TERMS.map((t) => t.term)).toContain('snapshot');
  });

  it("lists every version's signed credential under the dpp credential relation, which the vocabulary defines", () => {
    expect(context[credentialRelation(BASE)]).toEqual([
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

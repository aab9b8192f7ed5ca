import { describe, expect, it } from 'vitest';
import { publicPassport } from '../../testing/public-passport';
import { STATIC_PAGE_POLICY, staticNotFoundPage, staticPassportPage } from './static-page';

const BASE = 'https://passports.example.com';

function passport(overrides: { name?: string; fields?: Record<string, unknown> } = {}) {
  const p = publicPassport({
    version: 2,
    product: { slug: 'pack-1', path: '/01/04012345000018/21/SN-1', name: overrides.name ?? 'Voltaris VX 75' },
    versions: [
      { version: 1, publishedAt: '2026-01-01T00:00:00.000Z', sha256: 'a'.repeat(64), byteLength: 10 },
      { version: 2, publishedAt: '2026-02-01T00:00:00.000Z', sha256: 'b'.repeat(64), byteLength: 12 },
    ],
  });
  Object.assign(p.fields, overrides.fields);
  return p;
}

const scripts = (html: string) => [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];

describe('the static viewer page', () => {
  it('carries its own policy, no script but the JSON-LD data block, the versions linked and the QR code', () => {
    const html = staticPassportPage({ kind: 'published', passport: passport() }, BASE, '{"@id":"x"}');
    expect(html).toContain(
      `content="${STATIC_PAGE_POLICY.replace("; frame-ancestors 'none'", '').replaceAll("'", '&#39;')}"`,
    );
    expect(scripts(html).map((s) => [s[1], s[2]])).toEqual([[' type="application/ld+json"', '{"@id":"x"}']]);
    expect(html).toContain('<link rel="canonical" href="https://passports.example.com/01/04012345000018/21/SN-1">');
    expect(html).toContain('<a href="/api/dpp/pack-1/v/1">Version 1</a>');
    expect(html).toContain('<a href="/api/dpp/pack-1/v/2">Version 2</a>');
    expect(html).toContain('<img class="qr" src="/api/dpp/pack-1/qr"');
    expect(html).not.toContain('noindex');
  });

  it('escapes every value: a name, a field value and the JSON-LD cannot add markup or a script', () => {
    const html = staticPassportPage(
      {
        kind: 'published',
        passport: passport({
          name: '<script>alert(1)</script>',
          fields: { manufacturer_name: '"><img src=x onerror=alert(1)>' },
        }),
      },
      BASE,
      '{"name":"</script><script>alert(1)</script>"}',
    );
    expect(html).toContain('<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    expect(html).not.toContain('<img src=x');
    expect(scripts(html)).toHaveLength(1);
    expect(scripts(html)[0][2]).toBe('{"name":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}');
  });

  it('links only http(s) addresses: a stored javascript: URL stays text', () => {
    const html = staticPassportPage(
      {
        kind: 'published',
        passport: passport({ fields: { eu_declaration_of_conformity_url: 'javascript:alert(1)' } }),
      },
      BASE,
      null,
    );
    expect(html).toContain('<span>javascript:alert(1)</span>');
    expect(html).not.toContain('href="javascript:');
  });

  it('shows public fields only', () => {
    const p = passport();
    const restricted = p.schema.fields.filter((f) => f.access !== 'public');
    expect(restricted.length).toBeGreaterThan(0);
    const html = staticPassportPage({ kind: 'published', passport: p }, BASE, null);
    for (const f of restricted) expect(html).not.toContain(`data-field="${f.id}"`);
    expect(html).toContain('data-field="manufacturer_name"');
  });

  it('a withdrawn passport: the notice, noindex, versions unlinked, no data, no JSON-LD', () => {
    const html = staticPassportPage(
      {
        kind: 'withdrawn',
        passport: passport(),
        withdrawal: {
          reason: 'Recalled',
          withdrawnAt: '2026-03-01T00:00:00.000Z',
          operatorDetails: null,
          successorUrl: '/dpp/pack-2',
          successorName: 'Pack 2',
          manufacturerContact: null,
        },
      },
      BASE,
      '{}',
    );
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('This passport has been withdrawn');
    expect(html).toContain('<a class="button" href="/dpp/pack-2">View the replacement passport: Pack 2</a>');
    expect(html).not.toContain('href="/api/dpp/pack-1/v/1"');
    expect(html).not.toContain('data-field=');
    expect(scripts(html)).toEqual([]);
  });

  it('names the back-up of a ceased operator’s passport', () => {
    const p = passport();
    p.dpp.continuity = {
      operatorCeasedAt: '2026-04-01T00:00:00.000Z',
      backupUrl: 'https://archive.example.org/01/04012345000018/21/SN-1',
    };
    const html = staticPassportPage({ kind: 'published', passport: p }, BASE, null);
    expect(html).toContain('The economic operator has ceased its activity');
    expect(html).toContain(
      '<a href="https://archive.example.org/01/04012345000018/21/SN-1">https://archive.example.org/01/04012345000018/21/SN-1</a>',
    );
  });

  it('a page for addresses the copy does not hold', () => {
    expect(staticNotFoundPage()).toContain('<h1>Passport not found</h1>');
  });
});

// HTTP tests of the GS1-Conformant resolver checks that apply to this single-domain resolver serving its own viewer
// (the checks of the GS1 resolver test suite, gs1/GS1DL-resolver-testsuite): GET, HEAD and OPTIONS with CORS on
// every Digital Link URI and /dpp/{slug}, the resolver description file at /.well-known/gs1resolver, and the linkset
// through linkType=linkset, the deprecated linkType=all and Accept. Deviations the contract forces are in
// docs/decisions.md, "GS1 resolver conformance".
import type { APIResponse } from '@playwright/test';
import { compressWebUri } from 'digital-link.js/src/compression.js';
import { LOCALES } from '../lib/i18n/locales';
import { expect, test } from '../testing/e2e/fixtures';
import { gtin14WithLeadingZeros, publishTestPassport } from '../testing/e2e/passport-pages';

const LINKSET = 'application/linkset+json';
const METHODS = ['GET', 'HEAD', 'OPTIONS'];

/** The methods a header lists, as the test suite reads them (each of GET, HEAD and OPTIONS must appear). */
const methodsOf = (value: string | undefined) => (value ?? '').split(',').map((m) => m.trim().toUpperCase());

const linksetLink = (res: APIResponse) =>
  (res.headers().link ?? '').split(/,\s*(?=<)/).find((l) => l.includes('rel="linkset"'));

function expectGs1Cors(res: APIResponse, path: string) {
  expect(res.headers()['access-control-allow-origin'], path).toBe('*');
  expect(methodsOf(res.headers()['access-control-allow-methods']), path).toEqual(expect.arrayContaining(METHODS));
}

async function addresses() {
  const serial = await publishTestPassport({ gtin: gtin14WithLeadingZeros(), serialNumber: 'GS1/7' });
  const batch = await publishTestPassport({ gtin: gtin14WithLeadingZeros(), batchNumber: 'B-9' });
  const plain = await publishTestPassport({ gtin: gtin14WithLeadingZeros() });
  const noGtin = await publishTestPassport({});
  return { serial, batch, plain, noGtin, paths: [serial.path, batch.path, plain.path, noGtin.path] };
}

test.describe('GS1 resolver: methods and CORS (SHALL support GET, HEAD and OPTIONS; SHALL support CORS)', () => {
  test('OPTIONS on every Digital Link URI and /dpp/{slug} is 204 with Allow, CORS and the linkset Link', async ({
    request,
    baseURL,
  }) => {
    const { paths } = await addresses();
    const unknown = `/01/${gtin14WithLeadingZeros()}`;
    for (const path of [...paths, unknown]) {
      const res = await request.fetch(path, {
        method: 'OPTIONS',
        headers: { Origin: 'https://scanner.example', 'Access-Control-Request-Method': 'GET' },
      });
      expect(res.status(), path).toBe(204);
      expect(await res.body(), path).toHaveLength(0);
      expect(methodsOf(res.headers().allow), path).toEqual(expect.arrayContaining(METHODS));
      expectGs1Cors(res, path);
      expect(res.headers()['access-control-allow-headers'], path).toContain('Accept');
      expect(res.headers().link, path).toBe(`<${baseURL}${path}?linkType=linkset>; rel="linkset"; type="${LINKSET}"`);
    }
  });

  test('GET and HEAD of the viewer, the linkset and the JSON-LD carry CORS; HEAD answers like GET without a body', async ({
    request,
  }) => {
    const { paths } = await addresses();
    for (const path of paths) {
      for (const accept of ['text/html', LINKSET, 'application/ld+json']) {
        const get = await request.get(path, { headers: { Accept: accept } });
        const head = await request.head(path, { headers: { Accept: accept } });
        const what = `${path} ${accept}`;
        expect([get.status(), head.status()], what).toEqual([200, 200]);
        expect(head.headers()['content-type'], what).toBe(get.headers()['content-type']);
        // A page's own preloads carry a fresh nonce per answer; the linkset's link is the same.
        expect(linksetLink(head), what).toBe(linksetLink(get));
        expect(linksetLink(get), what).toContain(`${path}?linkType=linkset`);
        expect(await head.body(), what).toHaveLength(0);
        expect((await get.body()).length, what).toBeGreaterThan(0);
        expectGs1Cors(get, what);
        expectGs1Cors(head, what);
      }
    }
  });

  test('an unknown GTIN answers 404, never 200, and still carries CORS', async ({ request }) => {
    const path = `/01/${gtin14WithLeadingZeros()}`;
    const res = await request.get(path);
    expect(res.status()).toBe(404);
    expectGs1Cors(res, path);
  });
});

test.describe('GS1 resolver: description file (SHALL provide it at /.well-known/gs1resolver)', () => {
  test('is JSON any origin may read, naming this resolver, its root, GTINs and the GS1 Web Vocabulary', async ({
    request,
    baseURL,
  }) => {
    const res = await request.get('/.well-known/gs1resolver', { headers: { Accept: 'application/json' } });
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/json');
    expect(res.headers()['access-control-allow-origin']).toBe('*');
    expect(await res.json()).toEqual({
      name: 'Battery Passport Service',
      resolverRoot: baseURL,
      supportedPrimaryKeys: ['01'],
      supportedLinkType: [
        { namespace: 'https://gs1.org/voc/', prefix: 'gs1:', profile: 'https://gs1.org/voc/?show=linktypes' },
      ],
      linkTypeDefaultCanBeLinkset: false,
      supportsSemanticWeb: true,
      validatorsSupported: false,
    });
    const head = await request.head('/.well-known/gs1resolver');
    expect(head.status()).toBe(200);
    expect(await head.body()).toHaveLength(0);
    const options = await request.fetch('/.well-known/gs1resolver', { method: 'OPTIONS' });
    expect(options.status()).toBe(204);
    expect(methodsOf(options.headers().allow)).toEqual(expect.arrayContaining(METHODS));
  });
});

test.describe('GS1 resolver: the linkset (SHALL NOT redirect linkType=linkset; linkType=all; Accept)', () => {
  test('linkType=linkset, linkType=all and Accept: application/linkset+json answer the same linkset, no redirect', async ({
    request,
    baseURL,
  }) => {
    const { paths } = await addresses();
    for (const path of paths) {
      const answers = [
        await request.get(`${path}?linkType=linkset`, { maxRedirects: 0 }),
        await request.get(`${path}?linkType=all`, { maxRedirects: 0 }),
        await request.get(path, { headers: { Accept: LINKSET }, maxRedirects: 0 }),
      ];
      const bodies = await Promise.all(answers.map((r) => r.text()));
      for (const res of answers) {
        expect(res.status(), path).toBe(200);
        expect(res.headers()['content-type'], path).toBe(LINKSET);
        expect(res.headers().vary?.toLowerCase(), path).toContain('accept');
      }
      expect(new Set(bodies).size, path).toBe(1);
      const { linkset } = JSON.parse(bodies[0]) as { linkset: Record<string, unknown>[] };
      expect(linkset[0].anchor, path).toBe(`${baseURL}${path}`);
      // The GS1 link types name the viewer, the default link among them: exactly one, with a title and no other
      // attribute (GS1-Conformant resolver: the default link SHALL include a title but no optional attributes).
      const viewer = { href: `${baseURL}${path}`, type: 'text/html' };
      expect(linkset[0]['https://gs1.org/voc/defaultLink'], path).toEqual([
        { href: `${baseURL}${path}`, title: expect.any(String) },
      ]);
      // The viewer: the address itself (every language, by Accept-Language), then one `?lang=` link per language.
      const pip = linkset[0]['https://gs1.org/voc/pip'] as { href: string; hreflang: string[] }[];
      expect(pip[0], path).toEqual(expect.objectContaining({ ...viewer, hreflang: [...LOCALES] }));
      expect(
        pip.slice(1).map((t) => [t.href, t.hreflang]),
        path,
      ).toEqual(LOCALES.map((l) => [`${baseURL}${path}?lang=${l}`, [l]]));
      expect(linkset[0].itemDescription, path).toEqual(expect.any(String));
    }
  });
});

test.describe('GS1 resolver: key qualifiers and URI syntax (SHALL validate the URI and report errors with 400)', () => {
  test('/01/{gtin}/10/{batch}/21/{serial}, the standard order, answers the serial passport that records the batch', async ({
    request,
    baseURL,
  }) => {
    const gtin = gtin14WithLeadingZeros();
    const passport = await publishTestPassport({ gtin, serialNumber: 'S/1', batchNumber: 'LOT 7' });
    const path = `/01/${gtin}/10/LOT%207/21/S%2F1`;
    const page = await request.get(path, { headers: { Accept: 'text/html' } });
    expect(page.status()).toBe(200);
    expect(await page.text()).toContain(passport.name);
    expectGs1Cors(page, path);
    // The same passport, whose canonical URI stays its serial's.
    const jsonLd = await request.get(path, { headers: { Accept: 'application/ld+json' } });
    expect((await jsonLd.json())['@id']).toBe(`${baseURL}${passport.path}`);
    expect(linksetLink(jsonLd)).toContain(`${path}?linkType=linkset`);
    // Another batch names nothing: 404, never this serial's passport.
    expect((await request.get(`/01/${gtin}/10/LOT%208/21/S%2F1`)).status()).toBe(404);
  });

  test('qualifiers out of order, an unknown qualifier or an extra segment answer 400 with the error, not 200 or 404', async ({
    request,
  }) => {
    const passport = await publishTestPassport({
      gtin: gtin14WithLeadingZeros(),
      serialNumber: 'Q1',
      batchNumber: 'B1',
    });
    const gtin = passport.gtin as string;
    for (const path of [`/01/${gtin}/21/Q1/10/B1`, `${passport.path}/foo`, `/01/${gtin}/235/X`, `/01/${gtin}/21`]) {
      for (const accept of ['text/html', 'application/ld+json']) {
        const res = await request.get(path, { headers: { Accept: accept }, maxRedirects: 0 });
        expect(res.status(), path).toBe(400);
        expect(await res.json(), path).toMatchObject({ code: 'VALIDATION_ERROR' });
        expectGs1Cors(res, path);
      }
    }
  });

  test('a trailing slash answers as without it: same status, no redirect, same linkset (SHOULD tolerate)', async ({
    request,
    baseURL,
  }) => {
    const { paths } = await addresses();
    for (const path of [...paths, `/01/${gtin14WithLeadingZeros()}`]) {
      const plain = await request.get(path, { headers: { Accept: 'text/html' }, maxRedirects: 0 });
      const slashed = await request.get(`${path}/`, { headers: { Accept: 'text/html' }, maxRedirects: 0 });
      expect(slashed.status(), path).toBe(plain.status());
      expect(slashed.headers().location, path).toBeUndefined();
      if (plain.status() === 200) {
        const linkset = await request.get(`${path}?linkType=linkset`);
        const slashedLinkset = await request.get(`${path}/?linkType=linkset`);
        expect(await slashedLinkset.text(), path).toBe(await linkset.text());
      }
    }
    // Any other path keeps the redirect to the path without the slash.
    const other = await request.get('/ns/dpp/?x=1', { maxRedirects: 0 });
    expect(other.status()).toBe(308);
    expect(new URL(other.headers().location, baseURL).href).toBe(`${baseURL}/ns/dpp?x=1`);
  });
});

test.describe('GS1 resolver: link types (SHALL redirect to the requested linkType; 404 when not available)', () => {
  test('every link type with one link redirects to it, the query passed on; several links answer 300 or by Accept', async ({
    request,
  }) => {
    const { paths } = await addresses();
    for (const path of paths) {
      const { linkset } = (await (await request.get(`${path}?linkType=linkset`)).json()) as {
        linkset: Record<string, unknown>[];
      };
      const links = Object.entries(linkset[0]).filter(([, v]) => Array.isArray(v)) as [string, { href: string }[]][];
      expect(links.length, path).toBeGreaterThan(8);
      for (const [relation, targets] of links) {
        // The GS1 test suite asks with the gs1: CURIE; our own relations with their IRI.
        const linkType = relation.replace('https://gs1.org/voc/', 'gs1:');
        const res = await request.get(`${path}?linkType=${encodeURIComponent(linkType)}&foo=bar`, {
          headers: { Accept: '*/*' },
          maxRedirects: 0,
        });
        // One link, or one among several that speaks every language (the viewer's address): a redirect to it.
        const multilingual = targets.filter((t) => ((t as { hreflang?: string[] }).hreflang?.length ?? 0) > 1);
        const only = targets.length === 1 ? targets[0] : multilingual.length === 1 ? multilingual[0] : null;
        if (only) {
          expect(res.status(), `${path} ${linkType}`).toBe(307);
          expect(res.headers().location, `${path} ${linkType}`).toBe(`${only.href}?foo=bar`);
        } else {
          expect(res.status(), `${path} ${linkType}`).toBe(300);
          expect(res.headers()['content-type'], `${path} ${linkType}`).toBe(LINKSET);
        }
        expectGs1Cors(res, `${path} ${linkType}`);
        expect(linksetLink(res), `${path} ${linkType}`).toContain(`${path}?linkType=linkset`);
      }
      const jsonLd = await request.get(`${path}?linkType=gs1:sustainabilityInfo`, {
        headers: { Accept: 'application/ld+json' },
        maxRedirects: 0,
      });
      expect([jsonLd.status(), jsonLd.headers().location]).toEqual([307, expect.stringMatching(/\/jsonld$/)]);
    }
  });

  test('the viewer link types lead back to the address itself, which answers the viewer', async ({ request }) => {
    const { serial } = await addresses();
    for (const linkType of ['gs1:defaultLink', 'gs1:pip', 'https://ref.gs1.org/voc/pip']) {
      const res = await request.get(`${serial.path}?linkType=${encodeURIComponent(linkType)}`, {
        headers: { Accept: 'text/html' },
      });
      expect(res.status(), linkType).toBe(200);
      expect(res.url(), linkType).toMatch(new RegExp(`${serial.path.replace(/[/.]/g, '\\$&')}$`));
      expect(await res.text(), linkType).toContain(serial.name);
    }
  });

  test('a link type the passport has no link of is 404 (the suite asks for gs1:nosuchlt), an unknown passport too', async ({
    request,
  }) => {
    const { serial } = await addresses();
    for (const path of [
      `${serial.path}?linkType=gs1:nosuchlt`,
      `${serial.path}?linkType=gs1:recallStatus`,
      `/01/${gtin14WithLeadingZeros()}?linkType=gs1:pip`,
    ]) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(404);
      expectGs1Cors(res, path);
    }
  });
});

test.describe('GS1 resolver: compressed URIs (SHALL decompress; expose the uncompressed URI as owl:sameAs)', () => {
  test('a compressed Digital Link URI redirects to its uncompressed form, which answers the passport', async ({
    request,
    baseURL,
  }) => {
    const gtin = gtin14WithLeadingZeros();
    const passport = await publishTestPassport({ gtin, serialNumber: 'C1', batchNumber: 'B2' });
    for (const uncompressed of [`/01/${gtin}/21/C1`, `/01/${gtin}/10/B2/21/C1`]) {
      const compressed = new URL(compressWebUri(`${baseURL}${uncompressed}`)).pathname;
      expect(compressed.split('/')).toHaveLength(2);
      const res = await request.get(`${compressed}?foo=bar`, { maxRedirects: 0 });
      expect(res.status(), compressed).toBe(307);
      // Next.js sends a same-origin Location relative; either form names the uncompressed URI.
      expect(new URL(res.headers().location, baseURL).href, compressed).toBe(`${baseURL}${uncompressed}?foo=bar`);
      expect(res.headers().link, compressed).toContain(`<${baseURL}${uncompressed}>; rel="owl:sameAs`);
      expectGs1Cors(res, compressed);
      const followed = await request.get(compressed, { headers: { Accept: 'text/html' } });
      expect(followed.status(), compressed).toBe(200);
      expect(await followed.text(), compressed).toContain(passport.name);
    }
  });
});

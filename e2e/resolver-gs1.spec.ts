// HTTP tests of the GS1-Conformant resolver checks that apply to this single-domain resolver serving its own viewer
// (the checks of the GS1 resolver test suite, gs1/GS1DL-resolver-testsuite): GET, HEAD and OPTIONS with CORS on
// every Digital Link URI and /dpp/{slug}, the resolver description file at /.well-known/gs1resolver, and the linkset
// through linkType=linkset, the deprecated linkType=all and Accept. Deviations the contract forces are in
// docs/decisions.md, "GS1 resolver conformance".
import type { APIResponse } from '@playwright/test';
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
      // The GS1 link types name the viewer, the default link among them.
      const viewer = { href: `${baseURL}${path}`, type: 'text/html' };
      expect(linkset[0]['https://gs1.org/voc/defaultLink'], path).toEqual([expect.objectContaining(viewer)]);
      expect(linkset[0]['https://gs1.org/voc/pip'], path).toEqual([expect.objectContaining(viewer)]);
    }
  });
});

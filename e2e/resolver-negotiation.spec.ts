// HTTP tests of the resolver's content negotiation: one GS1 Digital Link URI answers the viewer, its RFC 9264
// linkset or its JSON-LD, every answer pointing at the linkset; a withdrawn passport's page says noindex.

import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { APIResponse } from '@playwright/test';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../lib/db/embedded';
import { CACHING } from '../lib/http/caching';
import { LOCALES } from '../lib/i18n/locales';
import { approveProduct, startRevision, submitProduct, withdrawProduct } from '../lib/passport/lifecycle';
import { expect, test } from '../testing/e2e/fixtures';
import { db, gtin14WithLeadingZeros, publishTestPassport } from '../testing/e2e/passport-pages';
import { createTestProduct, TEST_ACTOR } from '../testing/factories';
import { startServer, stopServer } from '../testing/server-process';

const LINKSET = 'application/linkset+json';
const WITHDRAWN = 'public, max-age=0, must-revalidate';
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

type Passport = Awaited<ReturnType<typeof publishTestPassport>>;
const ctx = (p: Passport) => ({ companyId: p.companyId, actor: TEST_ACTOR });

const linkTo = (baseURL: string | undefined, path: string) =>
  `<${baseURL}${path}?linkType=linkset>; rel="linkset"; type="${LINKSET}"`;
const values = (res: APIResponse, name: string) =>
  res
    .headersArray()
    .filter((h) => h.name.toLowerCase() === name)
    .map((h) => h.value);
/** Link values, whether sent as several header lines or as one comma-separated list (RFC 8288 3.5). */
const links = (res: APIResponse) => values(res, 'link').flatMap((v) => v.split(/,\s*(?=<)/));
const varies = (res: APIResponse) =>
  values(res, 'vary')
    .flatMap((v) => v.split(','))
    .map((t) => t.trim().toLowerCase());
const badCheckDigit = (gtin: string) => `${gtin.slice(0, -1)}${(Number(gtin.at(-1)) + 1) % 10}`;

async function republish(p: Passport) {
  await startRevision({ ctx: ctx(p), input: { productId: p.id }, db: db() });
  await submitProduct({ ctx: ctx(p), input: { productId: p.id }, db: db() });
  await approveProduct({ ctx: ctx(p), input: { productId: p.id }, db: db() });
}

async function withdraw(p: Passport) {
  await withdrawProduct({ ctx: ctx(p), input: { productId: p.id, reason: 'Recalled: cell defect' }, db: db() });
}

function expectResolverHeaders(res: APIResponse, baseURL: string | undefined, path: string) {
  expect(links(res), path).toContain(linkTo(baseURL, path));
  expect(varies(res), path).toContain('accept');
}

test.describe('resolver Link header', () => {
  test('every resolver address, its 404s included, links its linkset and varies on Accept', async ({
    request,
    baseURL,
  }) => {
    const serial = await publishTestPassport({ gtin: gtin14WithLeadingZeros(), serialNumber: 'AB/12' });
    const batchGtin = gtin14WithLeadingZeros();
    const batch = await publishTestPassport({ gtin: batchGtin, batchNumber: 'B-7' });
    const noGtin = await publishTestPassport({});
    const found = [serial.path, batch.path, `/01/${batchGtin}`, `/01/${batchGtin.slice(1)}`, noGtin.path];
    const missing = [
      `/01/${badCheckDigit(batchGtin)}`,
      `/01/${gtin14WithLeadingZeros()}`,
      `/01/${batchGtin}/21/NO-SUCH`,
      '/dpp/no-such-passport',
    ];
    expect(serial.path).toContain('/21/AB%2F12');
    for (const [paths, status] of [
      [found, 200],
      [missing, 404],
    ] as const) {
      for (const path of paths) {
        const res = await request.get(path);
        expect(res.status(), path).toBe(status);
        expect(res.headers()['content-type'], path).toContain('text/html');
        expectResolverHeaders(res, baseURL, path);
      }
    }
    const head = await request.head(serial.path);
    expect(head.status()).toBe(200);
    expectResolverHeaders(head, baseURL, serial.path);
  });
});

test.describe('resolver linkset', () => {
  test('?linkType=linkset and Accept: application/linkset+json answer the same RFC 9264 linkset', async ({
    request,
    baseURL,
  }) => {
    const passport = await publishTestPassport({ gtin: gtin14WithLeadingZeros(), serialNumber: 'LS-1' });
    await republish(passport);
    const byQuery = await request.get(`${passport.path}?linkType=linkset`);
    const byAccept = await request.get(passport.path, { headers: { Accept: LINKSET } });
    for (const res of [byQuery, byAccept]) {
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe(LINKSET);
      expect(res.headers()['cache-control']).toBe(CACHING['resolver-linkset'].cacheControl);
      expect(res.headers()['access-control-allow-origin']).toBe('*');
      expect(res.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers()['ratelimit-limit']).toBe('120');
      expectResolverHeaders(res, baseURL, passport.path);
    }
    expect(await byAccept.text()).toBe(await byQuery.text());
    expect(byAccept.headers().etag).toBe(byQuery.headers().etag);
    const revalidated = await request.get(`${passport.path}?linkType=linkset`, {
      headers: { 'If-None-Match': byQuery.headers().etag },
    });
    expect(revalidated.status()).toBe(304);

    const { linkset } = await byQuery.json();
    expect(linkset).toHaveLength(1);
    const [context] = linkset;
    const api = `${baseURL}/api/dpp/${passport.slug}`;
    const viewer = {
      href: `${baseURL}${passport.path}`,
      type: 'text/html',
      title: passport.name,
      hreflang: [...LOCALES],
    };
    const inLanguage = (lang: string) => ({ ...viewer, href: `${viewer.href}?lang=${lang}`, hreflang: [lang] });
    const json = { href: api, type: 'application/json', title: expect.any(String) };
    const jsonLd = { href: `${api}/jsonld`, type: 'application/ld+json', title: expect.any(String) };
    const credential = (v: number) => ({
      href: `${api}/v/${v}/credential`,
      type: 'application/vc+jwt',
      title: `Signed credential of version ${v}`,
    });
    // The vocabulary's relations have fixed IRIs, the same on every deployment.
    const ns = 'https://w3id.org/batterypassportservice/ns/dpp/';
    expect(context).toEqual({
      anchor: `${baseURL}${passport.path}`,
      itemDescription: passport.name,
      'https://gs1.org/voc/pip': [viewer, ...LOCALES.map(inLanguage)],
      'https://gs1.org/voc/defaultLink': [{ href: `${baseURL}${passport.path}`, title: passport.name }],
      'https://gs1.org/voc/sustainabilityInfo': [json, jsonLd],
      'https://gs1.org/voc/masterData': [
        { href: `${api}/aas`, type: 'application/aas+json', title: expect.any(String) },
      ],
      'https://gs1.org/voc/certificationInfo': [credential(2)],
      describedby: [jsonLd],
      alternate: [json],
      'version-history': [{ href: `${api}/versions`, type: 'application/json', title: expect.any(String) }],
      'latest-version': [{ href: `${api}/v/2`, type: 'application/json', title: 'Version 2' }],
      [`${ns}credential`]: [1, 2].map(credential),
      [`${ns}snapshot`]: [1, 2].map((v) => ({
        href: `${api}/v/${v}`,
        type: 'application/json',
        title: `Version ${v}`,
      })),
    });
    const targets = Object.values(context).filter(Array.isArray).flat() as { href: string; type?: string }[];
    for (const { href, type = 'text/html' } of targets) {
      expect(href.startsWith(`${baseURL}/`), href).toBe(true);
      const target = await request.get(href);
      expect(target.status(), href).toBe(200);
      // Each target answers with the media type its link names (parameters such as charset aside).
      expect(target.headers()['content-type']?.split(';')[0], href).toBe(type);
    }
    const vocabulary = await (await request.get('/ns/dpp')).text();
    expect(vocabulary).toContain(`${ns}snapshot`);
    expect(vocabulary).toContain(`${ns}credential`);
  });
});

test.describe('resolver content negotiation', () => {
  test('Accept: application/ld+json on the resolver URI answers the JSON-LD of /api/dpp/{slug}/jsonld', async ({
    request,
    baseURL,
  }) => {
    const serial = await publishTestPassport({ gtin: gtin14WithLeadingZeros(), serialNumber: 'LD-1' });
    const noGtin = await publishTestPassport({});
    for (const passport of [serial, noGtin]) {
      const api = await request.get(`/api/dpp/${passport.slug}/jsonld`);
      const res = await request.get(passport.path, { headers: { Accept: 'application/ld+json' } });
      expect(res.status(), passport.path).toBe(200);
      expect(res.headers()['content-type']).toBe('application/ld+json; charset=utf-8');
      expect(res.headers()['access-control-allow-origin']).toBe('*');
      expect(await res.text()).toBe(await api.text());
      expect(res.headers().etag).toBe(api.headers().etag);
      expect((await res.json())['@id']).toBe(`${baseURL}${passport.path}`);
      expectResolverHeaders(res, baseURL, passport.path);
    }
    const head = await request.head(serial.path, { headers: { Accept: 'application/ld+json' } });
    expect([head.status(), head.headers()['content-type'], (await head.body()).byteLength]).toEqual([
      200,
      'application/ld+json; charset=utf-8',
      0,
    ]);
  });

  test('a browser gets the viewer on the same URI, whatever else its Accept lists', async ({
    page,
    request,
    baseURL,
  }) => {
    const passport = await publishTestPassport({ gtin: gtin14WithLeadingZeros(), serialNumber: 'BR-1' });
    const response = await page.goto(passport.path);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(passport.name);
    for (const accept of [BROWSER, 'application/ld+json;q=0.9, text/html;q=0.1', `${LINKSET}, text/html`, '*/*']) {
      const res = await request.get(passport.path, { headers: { Accept: accept } });
      expect(res.status(), accept).toBe(200);
      expect(res.headers()['content-type'], accept).toContain('text/html');
      expectResolverHeaders(res, baseURL, passport.path);
    }
  });
});

test.describe('withdrawn, unknown and internal addresses', () => {
  test("a withdrawn passport's page sends X-Robots-Tag: noindex; a published page does not", async ({ request }) => {
    const gtin = gtin14WithLeadingZeros();
    const withdrawn = await publishTestPassport({ gtin, serialNumber: 'WD-1' });
    const published = await publishTestPassport({ gtin: gtin14WithLeadingZeros(), serialNumber: 'PB-1' });
    await withdraw(withdrawn);
    for (const res of [
      await request.get(withdrawn.path),
      await request.head(withdrawn.path),
      await request.get(`/01/${gtin.slice(1)}`),
    ]) {
      expect(res.status()).toBe(200);
      expect(res.headers()['x-robots-tag']).toBe('noindex');
    }
    const live = await request.get(published.path);
    expect(live.status()).toBe(200);
    expect(live.headers()['x-robots-tag']).toBeUndefined();
  });

  test("a withdrawn passport's linkset and JSON-LD answer 410 with the nested withdrawal body", async ({
    request,
    baseURL,
  }) => {
    const withdrawn = await publishTestPassport({ gtin: gtin14WithLeadingZeros(), serialNumber: 'WD-2' });
    await withdraw(withdrawn);
    const asks = [
      request.get(`${withdrawn.path}?linkType=linkset`),
      request.get(withdrawn.path, { headers: { Accept: 'application/ld+json' } }),
    ];
    for (const res of await Promise.all(asks)) {
      expect(res.status()).toBe(410);
      expect(res.headers()['cache-control']).toBe(WITHDRAWN);
      expect(res.headers()['access-control-allow-origin']).toBe('*');
      expect((await res.json()).error).toMatchObject({
        code: 'PRODUCT_WITHDRAWN',
        message: expect.any(String),
        reason: 'Recalled: cell defect',
        withdrawnAt: expect.any(String),
      });
      expectResolverHeaders(res, baseURL, withdrawn.path);
    }
  });

  test('unknown, unpublished or invalid addresses answer linkset and JSON-LD with the flat 404', async ({
    request,
  }) => {
    const draftGtin = gtin14WithLeadingZeros();
    const company = (await publishTestPassport({})).companyId;
    await createTestProduct(db(), { companyId: company, gtin: draftGtin, serialNumber: 'DR-1' });
    const paths = [
      `/01/${gtin14WithLeadingZeros()}`,
      `/01/${badCheckDigit(draftGtin)}/21/DR-1`,
      `/01/${draftGtin}/21/DR-1`,
      '/dpp/no-such-passport',
    ];
    for (const path of paths) {
      for (const res of [
        await request.get(`${path}?linkType=linkset`),
        await request.get(path, { headers: { Accept: 'application/ld+json' } }),
      ]) {
        expect(res.status(), path).toBe(404);
        expect(await res.json(), path).toEqual({ error: expect.any(String), code: 'PRODUCT_NOT_FOUND', details: {} });
      }
    }
  });

  test('a direct request to the internal /api/resolver routes is 404, even for a published passport', async ({
    request,
  }) => {
    const passport = await publishTestPassport({ gtin: gtin14WithLeadingZeros(), serialNumber: 'IN-1' });
    const query = `path=${encodeURIComponent(passport.path)}`;
    for (const path of [
      `/api/resolver/linkset?${query}`,
      `/api/resolver/jsonld?${query}`,
      `/api/%72esolver/jsonld?${query}`,
    ]) {
      const res = await request.get(path, { headers: { Accept: 'application/ld+json' } });
      expect(res.status(), path).toBe(404);
      expect(await res.json(), path).toEqual({ error: expect.any(String), code: 'PRODUCT_NOT_FOUND', details: {} });
    }
  });
});

// A server of its own whose database this block stops: the middleware's state lookup must never fail a request,
// and an invalid GTIN must never reach the database at all.
test.describe('with the database down', () => {
  test.describe.configure({ mode: 'serial' });
  const dir = path.resolve('.data', 'test', `resolver-db-down-${randomBytes(4).toString('hex')}`);
  let db: EmbeddedDatabase | undefined;
  let server: ChildProcess | undefined;
  let base: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    db = await startEmbeddedPostgres({ dir });
    ({ child: server, baseUrl: base } = await startServer({ databaseUrl: db.url, timeoutMs: 90_000 }));
    await db.stop();
    await expect
      .poll(async () => (await fetch(`${base}/api/health`)).status, { timeout: 20_000, intervals: [250] })
      .toBe(503);
  });

  test.afterAll(async () => {
    await stopServer(server);
    await db?.stop().catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  });

  test('a bad check digit still answers the 404 page with Link and Vary; a valid GTIN is not failed by the middleware', async () => {
    const gtin = gtin14WithLeadingZeros();
    const bad = await fetch(`${base}/01/${badCheckDigit(gtin)}/21/SN-1`);
    expect(bad.status).toBe(404);
    expect(bad.headers.get('content-type')).toContain('text/html');
    expect(bad.headers.get('link')).toContain(
      `<${base}/01/${badCheckDigit(gtin)}/21/SN-1?linkType=linkset>; rel="linkset"`,
    );
    // The page itself needs the database; the middleware only skips X-Robots-Tag and hands the request on.
    // Its stored copy cannot be read and a render would fail too: a page saying "not just now", never cached.
    const valid = await fetch(`${base}/01/${gtin}/21/SN-1`);
    expect(valid.status).toBe(503);
    expect(valid.headers.get('retry-after')).toBe('30');
    expect(valid.headers.get('cache-control')).toBe('no-store');
    expect(valid.headers.get('content-type')).toContain('text/html');
    expect(valid.headers.get('link')).toContain('rel="linkset"');
    expect(valid.headers.get('x-robots-tag')).toBeNull();
  });
});

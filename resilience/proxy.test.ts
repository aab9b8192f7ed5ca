// The built service behind deploy/nginx.conf (the shipped file, only its addresses replaced): a public answer is
// served from the proxy's cache; a browser holding a restricted-access grant always reaches the service, gets a
// private page, and nothing of it is ever stored or served to anyone else; a withdrawal and a BMS value reach
// readers through the cache within the contract's bound; rate limits stay per client address behind the proxy.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPrismaClient, type Db } from '../lib/db/client';
import { systemActor } from '../lib/domain/context';
import { passportPath } from '../lib/gs1/digital-link';
import { CACHING, STALENESS_BOUND_SECONDS } from '../lib/http/caching';
import { withdrawProduct } from '../lib/passport/lifecycle';
import { sendBmsUpdate } from '../testing/bms-request';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { createBmsTenant } from '../testing/factories';
import { nginxInstalled } from '../testing/nginx';
import { type Answer, fetchFrom, type RunningProxy, startProxy } from '../testing/nginx-proxy';
import { approvedRequest, poliTenant } from '../testing/poli';
import { type RunningService, startService } from './kit/service';

const HTML = 'text/html,application/xhtml+xml';
// The service's own limit of GET /api/dpp/{slug}, low here so that a test reaches it through the proxy.
const DPP_LIMIT = 8;

let database: TestDatabase;
let service: RunningService;
let proxy: RunningProxy;
let db: Db;

describe.skipIf(!nginxInstalled())('the service behind deploy/nginx.conf', () => {
  beforeAll(async () => {
    database = await createTestDatabase('proxy');
    service = await startService({
      databaseUrl: database.url,
      env: { TRUSTED_PROXY_HOPS: '1', RATE_LIMIT_DPP_PER_MINUTE: String(DPP_LIMIT) },
    });
    proxy = await startProxy([service.baseUrl]);
    db = createPrismaClient(database.url);
  }, 180_000);

  afterAll(async () => {
    await proxy?.stop();
    await service?.stop();
    await db?.$disconnect();
    await database?.dispose();
  });

  const get = (pathname: string, options: Parameters<typeof fetchFrom>[2] = {}) =>
    fetchFrom(proxy.origin, pathname, options);
  const cacheStatus = (a: Answer) => a.headers['x-cache-status'];

  test('a public answer and the anonymous viewer page are served from the cache, byte for byte, 304 on their ETag', async () => {
    const tenant = await createBmsTenant(db);
    const page = passportPath(tenant.product);
    for (const [pathname, headers, row] of [
      [`/api/dpp/${tenant.product.slug}`, {}, CACHING.dpp],
      [`/api/dpp/${tenant.product.slug}/jsonld`, {}, CACHING.jsonld],
      [page, { Accept: HTML }, CACHING.page],
      [page, { Accept: 'application/linkset+json' }, CACHING['resolver-linkset']],
    ] as const) {
      const what = `${pathname} ${JSON.stringify(headers)}`;
      const first = await get(pathname, { from: '127.0.0.2', headers });
      const second = await get(pathname, { from: '127.0.0.3', headers });
      expect(first.status, what).toBe(200);
      expect(cacheStatus(second), what).toBe('HIT');
      expect(second.body.equals(first.body), what).toBe(true);
      expect(second.headers.etag, what).toBe(first.headers.etag);
      expect(second.headers['cache-control'], what).toBe(row.cacheControl);
      const revalidated = await get(pathname, {
        from: '127.0.0.4',
        headers: { ...headers, 'If-None-Match': first.headers.etag! },
      });
      expect(revalidated.status, what).toBe(304);
      expect(revalidated.body, what).toHaveLength(0);
    }
  });

  test('the viewer page as stored (gzip) goes only to clients that accept gzip, the HTML to those that do not, each from the cache', async () => {
    const tenant = await createBmsTenant(db);
    const page = passportPath(tenant.product);
    const zipped = { Accept: HTML, 'Accept-Encoding': 'gzip, deflate, br' };
    const plain = { Accept: HTML };
    // Twice each way, alternating: whatever the cache holds, every answer is in the encoding its client accepts.
    const answers = [];
    for (const [i, headers] of [zipped, plain, zipped, plain, zipped, plain].entries())
      answers.push({ gzip: headers === zipped, answer: await get(page, { from: `127.0.0.${20 + i}`, headers }) });
    for (const { gzip, answer } of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers.vary).toContain('Accept-Encoding');
      const html = gzip ? gunzipSync(answer.body).toString('utf8') : answer.text;
      expect(answer.headers['content-encoding']).toBe(gzip ? 'gzip' : undefined);
      expect(html).toMatch(/^<!DOCTYPE html>/);
      expect(html).toContain(tenant.product.serialNumber!);
    }
    const [zippedLast, plainLast] = [answers[4]!.answer, answers[5]!.answer];
    expect(zippedLast.headers.etag).not.toBe(plainLast.headers.etag);
    expect(gunzipSync(zippedLast.body).equals(plainLast.body)).toBe(true);
    await get(page, { from: '127.0.0.30', headers: zipped });
    expect(cacheStatus(await get(page, { from: '127.0.0.31', headers: zipped }))).toBe('HIT');
  });

  test('a browser holding a grant always reaches the service and gets a private page; nothing of it is stored or served to anyone else', async () => {
    const t = await poliTenant(db);
    const page = passportPath(t.product);
    // The anonymous page first, so that the cache holds it when the grant's holder comes.
    expect(cacheStatus(await get(page, { from: '127.0.0.5', headers: { Accept: HTML } }))).toMatch(/MISS|EXPIRED/);
    const { accessToken } = await approvedRequest(db, t);
    const landed = await get(`/api/poli/access?token=${accessToken}`, { from: '127.0.0.6' });
    expect(landed.status).toBe(303);
    const cookie = String(landed.headers['set-cookie']).split(';')[0];
    expect(cookie).toMatch(/^bps_poli_/);
    const restricted = await get(page, { from: '127.0.0.6', headers: { Accept: HTML, Cookie: cookie } });
    expect(restricted.status).toBe(200);
    expect(cacheStatus(restricted)).toBe('BYPASS');
    expect(restricted.headers['cache-control']).toBe(CACHING['restricted-page'].cacheControl);
    expect(restricted.text).toContain('data-access="legitimate_interest"');
    for (let i = 0; i < 3; i++) {
      const anonymous = await get(page, { from: '127.0.0.7', headers: { Accept: HTML } });
      expect(anonymous.status).toBe(200);
      expect(anonymous.text).not.toContain('data-access="legitimate_interest"');
      expect(anonymous.headers['cache-control']).toBe(CACHING.page.cacheControl);
    }
    // Nothing the grant's holder was sent is in the proxy's cache.
    const stored = filesUnder(proxy.cacheDir).map((file) => readFileSync(file, 'latin1'));
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.filter((bytes) => bytes.includes('data-access="legitimate_interest"'))).toEqual([]);
  });

  test(`a withdrawal and a BMS value reach readers through the cache within ${STALENESS_BOUND_SECONDS} s`, async () => {
    const withdrawn = await createBmsTenant(db);
    const updated = await createBmsTenant(db);
    const reader = { from: '127.0.0.8' };
    const reads = [
      `/api/dpp/${withdrawn.product.slug}/jsonld`,
      passportPath(withdrawn.product),
      `/api/dpp/${updated.product.slug}/jsonld`,
      passportPath(updated.product),
    ];
    for (const pathname of reads) {
      await get(pathname, { ...reader, headers: { Accept: HTML } });
      expect(cacheStatus(await get(pathname, { ...reader, headers: { Accept: HTML } })), pathname).toBe('HIT');
    }
    const changedAt = Date.now();
    await withdrawProduct({
      ctx: { companyId: withdrawn.company.id, actor: systemActor('test') },
      input: { productId: withdrawn.product.id, reason: 'Recall of the cell batch' },
      db,
    });
    const sent = await sendBmsUpdate(service.baseUrl, {
      productId: updated.product.id,
      secret: updated.secret,
      body: { formDataPatch: { current_soh_pct: 42.25 } },
    });
    expect(sent.status).toBe(200);
    const seen = (check: (pathname: string, a: Answer) => boolean) => async (pathname: string) => {
      for (;;) {
        const answer = await get(pathname, { ...reader, headers: { Accept: HTML } });
        if (check(pathname, answer)) return (Date.now() - changedAt) / 1000;
        if (Date.now() - changedAt > STALENESS_BOUND_SECONDS * 1000) return Number.POSITIVE_INFINITY;
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    const withdrawal = seen((p, a) =>
      p.startsWith('/api/') ? a.status === 410 : a.text.includes('Recall of the cell batch'),
    );
    const value = seen((_, a) => a.text.includes('42.25'));
    const seconds = await Promise.all([withdrawal(reads[0]), withdrawal(reads[1]), value(reads[2]), value(reads[3])]);
    for (const [i, s] of seconds.entries()) expect(s, reads[i]).toBeLessThan(STALENESS_BOUND_SECONDS);
  }, 120_000);

  test('rate limits stay per client address behind the proxy: the service counts each client, the proxy too', async () => {
    const tenant = await createBmsTenant(db);
    const api = `/api/dpp/${tenant.product.slug}`;
    // Past the cache (a cookie): the service's own limit, counted per address from X-Forwarded-For.
    const personal = (from: string) => get(api, { from, headers: { Cookie: 'theme=dark' } });
    const first = [];
    for (let i = 0; i < DPP_LIMIT + 1; i++) first.push(await personal('127.0.0.9'));
    expect(first.slice(0, DPP_LIMIT).map((a) => a.status)).toEqual(Array(DPP_LIMIT).fill(200));
    expect(first.every((a) => cacheStatus(a) === 'BYPASS')).toBe(true);
    const refused = first[DPP_LIMIT];
    expect(refused.status).toBe(429);
    expect(refused.headers['ratelimit-limit']).toBe(String(DPP_LIMIT));
    expect(JSON.parse(refused.text)).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await personal('127.0.0.10')).status).toBe(200);
    // From the cache: the proxy's own limit (100 a minute on this path) refuses the 101st, in the same words.
    const cached = [];
    for (let i = 0; i < 110; i++) cached.push(await get(api, { from: '127.0.0.11' }));
    const statuses = cached.map((a) => a.status);
    expect(statuses.slice(0, 100).every((s) => s === 200 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(DPP_LIMIT);
    const proxyRefusal = cached.find((a) => a.status === 429 && a.headers['ratelimit-limit'] === '100');
    expect(proxyRefusal, 'a refusal of the proxy').toBeDefined();
    expect(JSON.parse(proxyRefusal!.text)).toMatchObject({ code: 'RATE_LIMITED', details: {} });
    expect(proxyRefusal!.headers['retry-after']).toBe('60');
    // Another client is not touched by either count.
    const other = await get(api, { from: '127.0.0.12' });
    expect(other.status).toBe(200);
  });
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

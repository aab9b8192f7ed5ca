// The caching table (lib/http/caching.ts, docs/public-api.md "Caching"), row by row, against the real headers of
// the running service: each public surface's Cache-Control and Vary as the table says, a strong ETag answered 304
// (with the same caching headers) where the table promises a validator, and no-store wherever the answer depends
// on who asks.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { systemActor } from '../lib/domain/context';
import { CACHING, type CachedSurface } from '../lib/http/caching';
import { withdrawProduct } from '../lib/passport/lifecycle';
import { expect, test } from '../testing/e2e/fixtures';
import { db, gtin14WithLeadingZeros, publishTestPassport } from '../testing/e2e/passport-pages';

type Passport = Awaited<ReturnType<typeof publishTestPassport>>;

interface Case {
  surface: CachedSurface;
  what: string;
  ask: (request: APIRequestContext, headers?: Record<string, string>) => Promise<APIResponse>;
  status: number;
}

const HTML = { Accept: 'text/html' };
const varyTokens = (res: APIResponse) =>
  res
    .headersArray()
    .filter((h) => h.name.toLowerCase() === 'vary')
    .flatMap((h) => h.value.split(','))
    .map((t) => t.trim().toLowerCase());

function cases(live: Passport, withdrawn: Passport, company: string): Case[] {
  const api = `/api/dpp/${live.slug}`;
  const get =
    (path: string, base: Record<string, string> = {}) =>
    (request: APIRequestContext, headers: Record<string, string> = {}) =>
      request.get(path, { headers: { ...base, ...headers } });
  const all: Case[] = [
    { surface: 'dpp', what: api, ask: get(api), status: 200 },
    { surface: 'jsonld', what: `${api}/jsonld`, ask: get(`${api}/jsonld`), status: 200 },
    { surface: 'versions', what: `${api}/versions`, ask: get(`${api}/versions`), status: 200 },
    { surface: 'version', what: `${api}/v/1`, ask: get(`${api}/v/1`), status: 200 },
    { surface: 'credential', what: `${api}/v/1/credential`, ask: get(`${api}/v/1/credential`), status: 200 },
    { surface: 'qr', what: `${api}/qr`, ask: get(`${api}/qr`), status: 200 },
    {
      surface: 'resolver-jsonld',
      what: `${live.path} (JSON-LD)`,
      ask: get(live.path, { Accept: 'application/ld+json' }),
      status: 200,
    },
    {
      surface: 'resolver-linkset',
      what: `${live.path}?linkType=linkset`,
      ask: get(`${live.path}?linkType=linkset`),
      status: 200,
    },
    { surface: 'page', what: `${live.path} (viewer)`, ask: get(live.path, HTML), status: 200 },
    { surface: 'not-found', what: '/api/dpp/{unknown}', ask: get(`/api/dpp/no-such-${live.slug}`), status: 404 },
    {
      surface: 'not-found',
      what: `${api}/v/99`,
      ask: get(`${api}/v/99`),
      status: 404,
    },
    { surface: 'withdrawn', what: '/api/dpp/{withdrawn}', ask: get(`/api/dpp/${withdrawn.slug}`), status: 410 },
    {
      surface: 'issuer',
      what: `/issuers/${company}/did.json`,
      ask: get(`/issuers/${company}/did.json`),
      status: 200,
    },
    {
      surface: 'restricted-page',
      what: `${live.path} with a grant cookie`,
      ask: get(live.path, { ...HTML, Cookie: `bps_poli_${randomBytes(16).toString('hex')}=x` }),
      status: 200,
    },
    { surface: 'private', what: 'a malformed version (400)', ask: get(`${api}/v/x`), status: 400 },
    { surface: 'private', what: 'the Integration API (401)', ask: get('/api/v1/products'), status: 401 },
    { surface: 'private', what: 'a viewer page with a query', ask: get(`${live.path}?x=1`, HTML), status: 200 },
  ];
  // The Asset Administration Shell, where this build serves it.
  if (existsSync('app/api/dpp/[slug]/aas/route.ts'))
    all.push({ surface: 'aas', what: `${api}/aas`, ask: get(`${api}/aas`), status: 200 });
  return all;
}

test('every public surface answers with the caching table’s headers; validators answer 304 with them', async ({
  request,
}) => {
  const live = await publishTestPassport({ gtin: gtin14WithLeadingZeros(), serialNumber: `CACHE-${Date.now()}` });
  const withdrawn = await publishTestPassport({ gtin: gtin14WithLeadingZeros(), serialNumber: `GONE-${Date.now()}` });
  await withdrawProduct({
    ctx: { companyId: withdrawn.companyId, actor: systemActor('e2e') },
    input: { productId: withdrawn.id, reason: 'Recalled' },
    db: db(),
  });
  const { slug: company } = await db().company.findUniqueOrThrow({ where: { id: live.companyId } });
  // The viewer page's first view renders and stores it; the table is about the answers after it as well.
  await request.get(live.path, { headers: HTML });
  const covered = new Set<CachedSurface>();
  for (const c of cases(live, withdrawn, company)) {
    const rule = CACHING[c.surface];
    const res = await c.ask(request);
    const what = `${c.surface}: ${c.what}`;
    expect(res.status(), what).toBe(c.status);
    const cacheControl = res.headers()['cache-control'];
    if (c.surface === 'private') expect(cacheControl, what).toContain('no-store');
    else expect(cacheControl, what).toBe(rule.cacheControl);
    for (const token of rule.vary) expect(varyTokens(res), what).toContain(token.toLowerCase());
    const etag = res.headers().etag;
    if (rule.etag) {
      expect(etag, what).toMatch(/^"[0-9a-f]{64}"$/);
      const again = await c.ask(request, { 'If-None-Match': etag });
      expect(again.status(), `${what} revalidated`).toBe(304);
      expect((await again.body()).length, `${what} revalidated`).toBe(0);
      expect(again.headers().etag, `${what} revalidated`).toBe(etag);
      expect(again.headers()['cache-control'], `${what} revalidated`).toBe(rule.cacheControl);
    }
    covered.add(c.surface);
  }
  const expected = (Object.keys(CACHING) as CachedSurface[]).filter(
    (s) => s !== 'aas' || existsSync('app/api/dpp/[slug]/aas/route.ts'),
  );
  expect([...covered].sort()).toEqual(expected.sort());
});

test('the anonymous viewer page is the same answer for everyone: bytes, policy, ETag and caching headers', async ({
  request,
}) => {
  const live = await publishTestPassport({ gtin: gtin14WithLeadingZeros(), serialNumber: `SAME-${Date.now()}` });
  const answers = [];
  for (let i = 0; i < 3; i++) answers.push(await request.get(live.path, { headers: HTML }));
  const [, second, third] = answers;
  expect((await third.body()).equals(await second.body())).toBe(true);
  for (const name of ['content-security-policy', 'etag', 'cache-control', 'vary', 'link', 'content-type'])
    expect(third.headers()[name], name).toBe(second.headers()[name]);
  expect(second.headers()['content-security-policy']).not.toContain("'nonce-");
  expect(second.headers()['set-cookie']).toBeUndefined();
});

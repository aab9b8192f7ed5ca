// Abuse, part 1: the rate limits hold under concurrency. Bursts larger than a limit are fired all at once against
// the production build and exactly the limit gets through in one fixed window: per client address at the edge and
// on the public passport route, per API key on the Integration API (whatever the address, live and sandbox keys
// apart), per secret on the BMS endpoint. A second service keeps TRUSTED_PROXY_HOPS at its default 0 and proves
// forged forwarding headers buy nothing. Quick mode lowers the limits for speed; --long runs the defaults.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createIntegrationClient } from '../lib/client';
import { createPrismaClient, type Db } from '../lib/db/client';
import type { Product } from '../lib/db/generated/client';
import { GRANTABLE_SCOPES } from '../lib/integration/scopes';
import { bmsHeaders, sendBmsUpdate } from '../testing/bms-request';
import { clientAddress } from '../testing/client-address';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { createBmsTenant, createTestBmsSecret, createTestCompany, mintTestKey } from '../testing/factories';
import {
  type Answer,
  burst,
  exchange,
  expectExactlyLimitPassed,
  expectRateLimited,
  expectResetWithin,
  expectServed,
  holdRequest,
  inOneWindow,
  limitOf,
  overloaded,
  remainingOf,
  shuffled,
  sleep,
  split,
} from './abuse-kit';
import { figure, longMode } from './kit/figures';
import { type RunningService, startService } from './kit/service';

// Quick mode lowers every limit so bursts stay small; the edge limit stays well above the passport route's, so a
// passport burst is refused by the route's own limit and its RateLimit-* are unambiguously that limit's.
const LIMITS = longMode() ? { edge: 120, dpp: 100, apiKey: 100, bms: 20 } : { edge: 50, dpp: 20, apiKey: 20, bms: 8 };
const FORGED_EDGE = longMode() ? 120 : 30;
const MINUTE = 60;
const over = (limit: number) => Math.ceil(limit * 1.5);

let database: TestDatabase;
let db: Db;
/** TRUSTED_PROXY_HOPS=1: each test client speaks from its own X-Forwarded-For address. */
let behindProxy: RunningService;
/** TRUSTED_PROXY_HOPS left at 0: the socket address counts, whatever the headers say. */
let direct: RunningService;
let passport: Product;
/** If-None-Match with the OpenAPI document's ETag: the edge-only bursts get a small 304 instead of the document. */
let conditional: Record<string, string>;

beforeAll(async () => {
  database = await createTestDatabase('resilience_abuse_limits');
  db = createPrismaClient(database.url);
  const limits = {
    RATE_LIMIT_EDGE_PER_MINUTE: String(LIMITS.edge),
    RATE_LIMIT_DPP_PER_MINUTE: String(LIMITS.dpp),
    RATE_LIMIT_API_KEY_PER_MINUTE: String(LIMITS.apiKey),
    RATE_LIMIT_BMS_PER_SECOND: String(LIMITS.bms),
  };
  behindProxy = await startService({ databaseUrl: database.url, env: { ...limits, TRUSTED_PROXY_HOPS: '1' } });
  direct = await startService({
    databaseUrl: database.url,
    env: { ...limits, RATE_LIMIT_EDGE_PER_MINUTE: String(FORGED_EDGE) },
  });
  passport = (await createBmsTenant(db)).product;
  const openapi = await fetch(`${behindProxy.baseUrl}/api/v1/openapi.json`, {
    headers: { 'X-Forwarded-For': clientAddress() },
  });
  conditional = { 'If-None-Match': openapi.headers.get('ETag')! };
  await openapi.arrayBuffer();
});

/**
 * Two routes only the edge limit covers, one per envelope: the public JSON-LD document and the Integration API's
 * OpenAPI document (its limit refusals use the Integration API envelope).
 */
const edgeOnlyRoutes = () => [`/api/dpp/${passport.slug}/jsonld`, '/api/v1/openapi.json'];

afterAll(async () => {
  await behindProxy?.stop();
  await direct?.stop();
  await db?.$disconnect();
  await database?.dispose();
});

const get = (base: string, path: string, address: string, headers: Record<string, string> = {}) =>
  exchange(`${base}${path}`, { headers: { 'X-Forwarded-For': address, ...headers } });

function report(name: string, fired: number, passed: number, refused: number, attempts: number, failed = 0) {
  figure('abuse', `${name}: requests fired`, fired);
  figure('abuse', `${name}: passed`, passed);
  figure('abuse', `${name}: refused (429)`, refused);
  if (failed > 0) figure('abuse', `${name}: of the fired, answered 5xx (machine overloaded)`, failed);
  if (attempts > 1) figure('abuse', `${name}: bursts repeated (window boundary)`, attempts - 1);
}

describe('per client address', () => {
  test('the edge limit lets exactly RATE_LIMIT_EDGE_PER_MINUTE requests of one address through in a window, whatever the /api route, and another address keeps its own budget', async () => {
    const n = over(LIMITS.edge);
    const routes = edgeOnlyRoutes();
    const run = await inOneWindow(MINUTE, async () => {
      const attacker = clientAddress();
      const bystander = clientAddress();
      const plan = shuffled([
        ...Array.from({ length: n }, (_, i) => ({ who: 'attacker', path: routes[i % 2]!, address: attacker })),
        ...Array.from({ length: 10 }, (_, i) => ({ who: 'bystander', path: routes[i % 2]!, address: bystander })),
      ]);
      const answers = await burst(plan.length, (i) =>
        get(behindProxy.baseUrl, plan[i]!.path, plan[i]!.address, conditional),
      );
      return plan.map((p, i) => ({ ...p, answer: answers[i]! }));
    });
    const of = (who: string) => run.result.filter((r) => r.who === who);
    const attacker = split(of('attacker').map((r) => r.answer));
    for (const a of attacker.passed) expectServed(a, [200, 304]);
    expectExactlyLimitPassed(attacker.passed, LIMITS.edge);
    expect(attacker.refused).toHaveLength(n - LIMITS.edge);
    for (const r of of('attacker').filter((x) => x.answer.status === 429)) {
      expectRateLimited(r.answer, r.path.startsWith('/api/v1/') ? 'integration' : 'public', LIMITS.edge, MINUTE);
      expectResetWithin(r.answer, run);
    }
    const bystander = of('bystander').map((r) => r.answer);
    for (const a of bystander) expectServed(a, [200, 304]);
    expect(bystander.map(remainingOf).sort((a, b) => b - a)).toEqual(
      Array.from({ length: 10 }, (_, i) => LIMITS.edge - 1 - i),
    );
    for (const a of [...attacker.passed, ...bystander]) expectResetWithin(a, run);
    report(
      'edge limit, one address',
      n + 10,
      attacker.passed.length + bystander.length,
      attacker.refused.length,
      run.attempts,
      overloaded([...attacker.passed, ...bystander]),
    );
  });

  test('GET /api/dpp/{slug} lets exactly RATE_LIMIT_DPP_PER_MINUTE requests of one address through in a window (its own limit, tighter than the edge)', async () => {
    const n = Math.min(over(LIMITS.dpp), LIMITS.edge);
    const run = await inOneWindow(MINUTE, async () => {
      const address = clientAddress();
      return burst(n, () => get(behindProxy.baseUrl, `/api/dpp/${passport.slug}`, address));
    });
    const { passed, refused } = split(run.result);
    for (const a of passed) {
      expectServed(a, [200]);
      if (a.status === 200) expect(a.body.slug).toBe(passport.slug);
    }
    // With the edge budget at least a burst above the route's, the route's limit is the tightest on every answer.
    if (LIMITS.edge >= n + LIMITS.dpp) expectExactlyLimitPassed(passed, LIMITS.dpp);
    else expect(passed).toHaveLength(LIMITS.dpp);
    expect(refused).toHaveLength(n - LIMITS.dpp);
    for (const a of refused) {
      expectRateLimited(a, 'public', LIMITS.dpp, MINUTE);
      expectResetWithin(a, run);
    }
    report('public passport route, one address', n, passed.length, refused.length, run.attempts, overloaded(passed));
  });
});

describe('per API key on the Integration API', () => {
  test('one key sending from many addresses shares one budget of RATE_LIMIT_API_KEY_PER_MINUTE; a second live key and the sandbox key of the same company count apart; reads and writes count together', async () => {
    const n = over(LIMITS.apiKey);
    const run = await inOneWindow(MINUTE, async () => {
      const company = await createTestCompany(db);
      const keys = await Promise.all([
        mintTestKey(db, company.id, { scopes: GRANTABLE_SCOPES, mode: 'live' }),
        mintTestKey(db, company.id, { scopes: GRANTABLE_SCOPES, mode: 'live' }),
        mintTestKey(db, company.id, { scopes: GRANTABLE_SCOPES, mode: 'test' }),
      ]);
      const clients = keys.map((k) =>
        createIntegrationClient({
          baseUrl: behindProxy.baseUrl,
          apiKey: k.key,
          signingSecret: k.signingSecret,
          maxRetries: 0,
        }),
      );
      // Every request from an address of its own: only the per-key counter can refuse it.
      const plan = shuffled(
        keys.flatMap((key, k) =>
          Array.from({ length: n }, (_, i) => ({ key, client: clients[k]!, write: i % 3 === 0 })),
        ),
      );
      const answers = await burst(plan.length, async (i): Promise<Answer> => {
        const { client, write } = plan[i]!;
        const headers = { 'X-Forwarded-For': clientAddress() };
        const response = write
          ? await client.send('POST', '/api/v1/mappings/lint', {
              // Each write its own body: the same signed bytes twice in one second would be a replayed signature.
              body: { categoryCode: 'EV_BATTERY', columns: ['model_number', `column ${i}`] },
              headers,
            })
          : await client.send('GET', '/api/v1/meta', { headers });
        return { status: response.status, headers: response.headers, body: response.data, receivedAt: Date.now() };
      });
      return keys.map((key) => ({ key, answers: plan.flatMap((p, i) => (p.key === key ? [answers[i]!] : [])) }));
    });
    let passedTotal = 0;
    let refusedTotal = 0;
    let failedTotal = 0;
    for (const { key, answers } of run.result) {
      const { passed, refused } = split(answers);
      // A request that failed before its key was known (an overloaded database) carries the edge's RateLimit-*
      // and took nothing from the key's budget; every other one was counted against the key.
      const counted = passed.filter((a) => limitOf(a) === LIMITS.apiKey);
      for (const a of passed.filter((x) => !counted.includes(x))) expect(a.status).toBeGreaterThanOrEqual(500);
      for (const a of counted) expectServed(a, [200]);
      expectExactlyLimitPassed(counted, LIMITS.apiKey);
      expect(refused).toHaveLength(n - LIMITS.apiKey - (passed.length - counted.length));
      for (const a of answers) {
        expect(a.headers.get('X-Service-Mode')).toBe(key.mode === 'TEST' ? 'test' : 'live');
        expectResetWithin(a, run);
      }
      for (const a of refused) expectRateLimited(a, 'integration', LIMITS.apiKey, MINUTE);
      passedTotal += counted.length;
      refusedTotal += refused.length;
      failedTotal += overloaded(answers);
    }
    report(
      'Integration API, three keys of one company from many addresses',
      3 * n,
      passedTotal,
      refusedTotal,
      run.attempts,
      failedTotal,
    );
  });
});

describe('per secret on the BMS endpoint', () => {
  test('one secret gets exactly RATE_LIMIT_BMS_PER_SECOND signed requests past its limit per second, from any number of addresses; a second secret of the company has its own budget', async () => {
    const n = over(LIMITS.bms);
    const company = await createTestCompany(db);
    // The path names no product (not even a UUID): a request past the limit is answered 404 NOT_FOUND without a
    // query, so every answer, passed or refused, follows its limit check at once and dates it.
    const url = `${behindProxy.baseUrl}/api/v1/products/no-such-product/bms-update`;
    const hold = (secret: string, i: number) => {
      const raw = JSON.stringify({ lifetimeCounters: { deepDischargeEvents: i } });
      return holdRequest(url, {
        headers: { ...bmsHeaders(raw, { secret }), 'X-Forwarded-For': clientAddress() },
        body: raw,
      });
    };
    // Fresh secrets for every attempt. The requests are held before the window opens (the secret lookup runs
    // then) and released together right after it opens: a one-second window leaves no time for more.
    let secrets: Array<{ id: string; secret: string }> = [];
    const run = await inOneWindow(
      1,
      async (_attempt, held: Array<{ secret: string; request: ReturnType<typeof hold> }>) => {
        const answers = await Promise.all(held.map((h) => h.request.release()));
        return secrets.map((s) => held.flatMap((h, j) => (h.secret === s.secret ? [answers[j]!] : [])));
      },
      {
        attempts: 10,
        prepare: async (attempt) => {
          secrets = await Promise.all([createTestBmsSecret(db, company.id), createTestBmsSecret(db, company.id)]);
          const held = shuffled(
            secrets.flatMap((s) =>
              Array.from({ length: n }, (_, i) => ({ secret: s.secret, request: hold(s.secret, i) })),
            ),
          );
          await sleep(1000 * attempt);
          return held;
        },
      },
    );
    let passedTotal = 0;
    let refusedTotal = 0;
    for (const answers of run.result) {
      const { passed, refused } = split(answers);
      for (const a of passed) {
        expectServed(a, [404]);
        if (a.status === 404) expect(a.body).toEqual({ code: 'NOT_FOUND', error: expect.any(String) });
      }
      expectExactlyLimitPassed(passed, LIMITS.bms);
      expect(refused).toHaveLength(n - LIMITS.bms);
      for (const a of refused) expectRateLimited(a, 'bms', LIMITS.bms, 1);
      passedTotal += passed.length;
      refusedTotal += refused.length;
    }
    report('BMS, two secrets of one company', 2 * n, passedTotal, refusedTotal, run.attempts);
  });

  test('updates within the budget are applied and audited; a refused update writes nothing', async () => {
    const tenant = await createBmsTenant(db);
    const answers = await burst(over(LIMITS.bms), (i) =>
      sendBmsUpdate(behindProxy.baseUrl, {
        productId: tenant.product.id,
        secret: tenant.secret,
        address: clientAddress(),
        body: { formDataPatch: { current_cycle_count: 100 + i } },
      }),
    );
    const applied = answers.filter((a) => a.status === 200);
    for (const a of answers) expectServed(a, [200, 429]);
    expect(applied.length).toBeGreaterThanOrEqual(1);
    expect(applied.every((a) => a.body.ok === true && a.body.appliedKeys.includes('current_cycle_count'))).toBe(true);
    const audited = await db.auditLog.count({
      where: { productId: tenant.product.id, eventType: 'Update', actorId: tenant.secretId },
    });
    expect(audited).toBe(applied.length);
  });
});

describe('with TRUSTED_PROXY_HOPS=0 (the default)', () => {
  test('forged X-Forwarded-For, X-Real-IP, Forwarded and X-Service-Client-IP headers buy no extra budget: the socket address gets exactly the edge limit', async () => {
    const n = over(FORGED_EDGE);
    const routes = edgeOnlyRoutes();
    // One socket address for every attempt, so a repeated burst waits for a window nothing has touched.
    const run = await inOneWindow(
      MINUTE,
      async () =>
        burst(n, (i) => {
          const forged = clientAddress();
          return exchange(`${direct.baseUrl}${routes[i % 2]}`, {
            headers: {
              ...conditional,
              'X-Forwarded-For': forged,
              'X-Real-IP': forged,
              Forwarded: `for=${forged}`,
              'X-Service-Client-IP': forged,
            },
          });
        }),
      { sameIdentity: true },
    );
    const { passed, refused } = split(run.result);
    for (const a of passed) expectServed(a, [200, 304]);
    expectExactlyLimitPassed(passed, FORGED_EDGE);
    expect(refused).toHaveLength(n - FORGED_EDGE);
    for (const [i, a] of run.result.entries()) {
      expectResetWithin(a, run);
      if (a.status === 429) expectRateLimited(a, i % 2 === 1 ? 'integration' : 'public', FORGED_EDGE, MINUTE);
    }
    report(
      'forged forwarding headers, one socket address',
      n,
      passed.length,
      refused.length,
      run.attempts,
      overloaded(passed),
    );
  });
});

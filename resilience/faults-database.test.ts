// PostgreSQL taken away mid-traffic (refused, then a hung network) and given back, against the production build:
// every answer comes in bounded time in its surface's envelope, nothing is half-written, and the service recovers
// without a restart, its background delivery included.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Product } from '../lib/client/products';
import { createPrismaClient, type Db } from '../lib/db/client';
import { sendBmsUpdate } from '../testing/bms-request';
import { clientAddress } from '../testing/client-address';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { createBmsTenant, createPublishedPassport } from '../testing/factories';
import { apiTenant } from '../testing/integration-client';
import { waitFor } from '../testing/poll';
import { type Answer, absent, createTraces, hollowRecords, seconds, timed, timedFetch, whole } from './faults-kit';
import { figure, longMode } from './kit/figures';
import { type RunningService, startService } from './kit/service';
import { proxyFor, type TcpProxy } from './kit/tcp-proxy';
import { duplicates, type WebhookReceiver, webhookReceiver } from './kit/webhook-receiver';

const SUITE = 'faults';
/** An answer slower than this during an outage counts as a hang (the pool's connect timeout is 3 s). */
const BOUNDED_MS = 10_000;
/** Requests started after the cut before the database comes back (more, and a longer outage, with --long). */
const OUTAGE_REQUESTS = longMode() ? 1_000 : 60;

let database: TestDatabase;
let proxy: TcpProxy;
let service: RunningService;
let db: Db;
let tenant: Awaited<ReturnType<typeof apiTenant>>;
let bms: Awaited<ReturnType<typeof createBmsTenant>>;
let receiver: WebhookReceiver;
let passport: { slug: string; version: number };

beforeAll(async () => {
  database = await createTestDatabase('faults_db');
  proxy = await proxyFor(database.url);
  service = await startService({
    databaseUrl: proxy.rewrite(database.url),
    env: {
      TRUSTED_PROXY_HOPS: '1',
      HEALTH_DB_TIMEOUT_MS: '1000',
      WEBHOOKS_ALLOW_PRIVATE: '1',
      // The burst's writes come from one key and address; their budgets are not what is under test here.
      RATE_LIMIT_API_KEY_PER_MINUTE: '100000',
      RATE_LIMIT_EDGE_PER_MINUTE: '100000',
    },
  });
  db = createPrismaClient(database.url);
  tenant = await apiTenant(db, service.baseUrl);
  bms = await createBmsTenant(db);
  const published = await createPublishedPassport(db, { companyId: tenant.company.id });
  passport = { slug: published.slug, version: published.version };
  receiver = await webhookReceiver();
  const endpoint = await tenant.client.createWebhookEndpoint({ url: receiver.url, eventTypes: ['product.created'] });
  await receiver.up(endpoint.secret);
});

afterAll(async () => {
  proxy?.set('open');
  await service?.stop();
  await receiver?.down();
  await db?.$disconnect();
  await proxy?.close();
  await database?.dispose();
});

const publicPaths = () => [
  `/api/dpp/${passport.slug}`,
  `/api/dpp/${passport.slug}/jsonld`,
  `/api/dpp/${passport.slug}/v/${passport.version}`,
];
const read = (path: string) => timedFetch(service.baseUrl + path, { headers: { 'X-Forwarded-For': clientAddress() } });
const health = () => timedFetch(`${service.baseUrl}/api/health`);

interface Write {
  name: string;
  idempotencyKey: string;
  started: number;
  answer: Answer;
}

async function create(name: string, idempotencyKey: string): Promise<Answer> {
  const started = Date.now();
  const res = await tenant.client
    .send<Product>('POST', '/api/v1/products', { body: { name, categoryCode: 'EV_BATTERY' }, idempotencyKey })
    .catch((error: unknown) => ({ status: 0, headers: new Headers(), data: String(error) }));
  return { status: res.status, headers: res.headers, body: res.data, ms: Date.now() - started };
}

/** The public flat 503 of a lost database. */
function expectPublic503(answer: Answer, what: string) {
  expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(503);
  expect(answer.body, what).toEqual({ error: expect.any(String), code: 'SERVICE_UNAVAILABLE', details: {} });
  expect(Number(answer.headers.get('retry-after')), what).toBeGreaterThan(0);
  expect(answer.headers.get('cache-control'), what).toBe('no-store');
}

/** The Integration API's answer to a write the database could not take. */
function expectWrite500(answer: Answer, what: string) {
  expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(500);
  expect(answer.body.error, what).toMatchObject({ code: 'INTERNAL_ERROR', requestId: expect.any(String) });
  expect(answer.body.error.message, what).toMatch(/database.*unavailable.*nothing was written.*same Idempotency-Key/i);
  expect(JSON.stringify(answer.body), what).not.toMatch(/prisma|P10\d\d|Connection terminated|SELECT|INSERT/i);
}

/**
 * Mixed traffic until stopped: public reads of all three kinds from many addresses and signed product creates,
 * each with its own name and Idempotency-Key, `lanes` at a time.
 */
function traffic(lanes: number) {
  const reads: { path: string; started: number; answer: Answer }[] = [];
  const writes: Write[] = [];
  let running = true;
  let n = 0;
  const lane = async () => {
    while (running) {
      const i = n++;
      const started = Date.now();
      if (i % 3 === 2) {
        const name = `Fault pack ${i} ${randomUUID().slice(0, 8)}`;
        const idempotencyKey = randomUUID();
        writes.push({ name, idempotencyKey, started, answer: await create(name, idempotencyKey) });
      } else {
        const path = publicPaths()[(Math.floor(i / 3) + i) % 3];
        reads.push({ path, started, answer: await read(path) });
      }
    }
  };
  const done = Promise.all(Array.from({ length: lanes }, lane));
  return {
    reads,
    writes,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

describe('PostgreSQL stopped mid-traffic', () => {
  test('refused: health 503 degraded, public reads 503 SERVICE_UNAVAILABLE, writes 500 INTERNAL_ERROR and BMS 500 INTERNAL, all in bounded time; after it comes back nothing is half-written and the service recovers without a restart', async () => {
    const burst = traffic(6);
    await waitFor(
      async () => burst.writes.filter((w) => w.answer.status === 201).length >= 15,
      60_000,
      'writes acknowledged before the cut',
    );
    proxy.set('refuse');
    const cutAt = Date.now();
    await waitFor(
      async () => [...burst.reads, ...burst.writes].filter((r) => r.started > cutAt).length >= OUTAGE_REQUESTS,
      300_000,
      'traffic during the outage',
    );

    // Checked while the database is away: each surface names the outage its own way.
    const degraded = await health();
    expect(degraded.status).toBe(503);
    expect(degraded.body).toMatchObject({ status: 'degraded', services: { database: 'error', rateLimit: 'ok' } });
    for (const path of publicPaths()) expectPublic503(await read(path), path);
    const bmsAnswer = await timed(() =>
      sendBmsUpdate(service.baseUrl, {
        productId: bms.product.id,
        secret: bms.secret,
        body: { formDataPatch: { current_soh_pct: 88 } },
      }),
    );
    expect([bmsAnswer.status, bmsAnswer.body]).toEqual([
      500,
      { code: 'INTERNAL', error: expect.stringMatching(/nothing was written.*safe to retry/i) },
    ]);
    await burst.stop();

    const during = [...burst.reads, ...burst.writes].filter((r) => r.started > cutAt);
    const slowest = Math.max(...[...burst.reads, ...burst.writes].map((r) => r.answer.ms), degraded.ms, bmsAnswer.ms);
    // Every answer, before, at and after the cut: a success, or the surface's answer to a lost database; never a hang.
    for (const r of burst.reads) {
      if (r.answer.status !== 200) expectPublic503(r.answer, `${r.path} at +${r.started - cutAt} ms`);
      expect(r.answer.ms).toBeLessThan(BOUNDED_MS);
    }
    for (const w of burst.writes) {
      if (w.answer.status !== 201) expectWrite500(w.answer, `create at +${w.started - cutAt} ms`);
      expect(w.answer.ms).toBeLessThan(BOUNDED_MS);
    }
    // Nothing started after the cut can succeed: every connection was dropped and new ones are refused.
    for (const r of during)
      expect([200, 201], `started ${r.started - cutAt} ms after the cut`).not.toContain(r.answer.status);

    proxy.set('open');
    const reopened = Date.now();
    await waitFor(async () => (await health()).status === 200, 60_000, 'health 200 again');
    const recoverySeconds = seconds(Date.now() - reopened);
    for (const path of publicPaths()) expect((await read(path)).status, path).toBe(200);

    // Acknowledged writes are whole; failed ones are absent, and their retry with the same key executes once.
    const acknowledged = burst.writes.filter((w) => w.answer.status === 201);
    const failed = burst.writes.filter((w) => w.answer.status !== 201);
    let halfWritten = 0;
    let verified = 0;
    for (const w of acknowledged) {
      const traces = await createTraces(db, tenant.company.id, w.name);
      if (whole(traces)) verified += 1;
      else halfWritten += 1;
    }
    let committedDespite500 = 0;
    for (const w of failed) {
      const before = await createTraces(db, tenant.company.id, w.name);
      if (!absent(before)) {
        // A connection lost during COMMIT itself: the write landed; its idempotency record replays it below.
        if (whole(before)) committedDespite500 += 1;
        else halfWritten += 1;
      }
      const retried = await create(w.name, w.idempotencyKey);
      expect(retried.status, JSON.stringify(retried.body)).toBe(201);
      const after = await createTraces(db, tenant.company.id, w.name);
      expect(whole(after), `${w.name} after its retry: ${JSON.stringify(after)}`).toBe(true);
    }
    const hollow = await hollowRecords(db, tenant.key.id);
    expect(halfWritten).toBe(0);
    expect(hollow).toBe(0);
    expect(verified).toBe(acknowledged.length);
    expect(failed.length).toBeGreaterThan(0);

    // The background worker lived through the outage: an event made now reaches the receiver, once.
    const name = `After the outage ${randomUUID().slice(0, 8)}`;
    const after = await create(name, randomUUID());
    expect(after.status).toBe(201);
    const delivered = Date.now();
    await waitFor(
      async () => receiver.verified.some((d) => d.data.productId === after.body.id),
      90_000,
      'the post-recovery event at the receiver',
    );
    expect(duplicates(receiver.verified).size).toBe(0);

    figure(SUITE, 'database refused: requests during the outage', during.length);
    figure(
      SUITE,
      'database refused: public 503 SERVICE_UNAVAILABLE answered',
      burst.reads.filter((r) => r.answer.status === 503).length + 3,
    );
    figure(SUITE, 'database refused: writes answered 500 INTERNAL_ERROR', failed.length);
    figure(SUITE, 'database refused: slowest answer', slowest, 'ms');
    figure(SUITE, 'database refused: writes acknowledged / verified whole', `${acknowledged.length} / ${verified}`);
    figure(SUITE, 'database refused: failed writes retried, executed once', failed.length);
    figure(SUITE, 'database refused: 500 answered although committed (replayed on retry)', committedDespite500);
    figure(SUITE, 'database refused: half-written found', halfWritten + hollow);
    figure(SUITE, 'database refused: recovery to health 200', recoverySeconds, 's');
    figure(SUITE, 'database refused: webhook after recovery delivered in', seconds(Date.now() - delivered), 's');
  });

  test('a hung network (blackhole): health, public reads and writes still answer 503 / 500 in bounded time, and it recovers', async () => {
    proxy.set('blackhole');
    try {
      const answers = await Promise.all([
        health(),
        ...publicPaths().map(read),
        ...publicPaths().map(read),
        create(`Blackhole ${randomUUID().slice(0, 8)}`, randomUUID()),
      ]);
      const [probe, ...rest] = answers;
      const writes = rest.slice(-1);
      const reads = rest.slice(0, -1);
      expect(probe.status).toBe(503);
      expect(probe.body).toMatchObject({ status: 'degraded', services: { database: 'error' } });
      // The health deadline is HEALTH_DB_TIMEOUT_MS (1 s here); reads wait at most the pool's 3 s connect timeout.
      expect(probe.ms).toBeLessThan(5_000);
      for (const r of reads) {
        expectPublic503(r, 'a read through the blackhole');
        expect(r.ms).toBeLessThan(BOUNDED_MS);
      }
      for (const w of writes) {
        expectWrite500(w, 'a write through the blackhole');
        expect(w.ms).toBeLessThan(BOUNDED_MS + 5_000);
      }
      figure(SUITE, 'database blackholed: health answered 503 in', probe.ms, 'ms');
      figure(SUITE, 'database blackholed: slowest public 503', Math.max(...reads.map((r) => r.ms)), 'ms');
      figure(SUITE, 'database blackholed: write answered 500 in', writes[0].ms, 'ms');
    } finally {
      proxy.set('open');
    }
    const reopened = Date.now();
    await waitFor(async () => (await health()).status === 200, 60_000, 'health 200 after the blackhole');
    expect((await read(publicPaths()[0])).status).toBe(200);
    expect((await create(`After blackhole ${randomUUID().slice(0, 8)}`, randomUUID())).status).toBe(201);
    figure(SUITE, 'database blackholed: recovery to health 200', seconds(Date.now() - reopened), 's');
  });
});

// The rate limiter's Redis taken away (refused, then a hung network) and given back, against the production build
// with RATE_LIMIT_BACKEND=redis: the limiter fails closed (429 on every limited route, in each surface's envelope,
// within RATE_LIMIT_TIMEOUT_MS), health names it, and everything answers again without a restart.
// Redis: REDIS_URL when set, else a redis-server spawned here, else the file is skipped with a figure saying why.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createConnection } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPrismaClient, type Db } from '../lib/db/client';
import { freePort } from '../lib/db/embedded';
import { sendBmsUpdate } from '../testing/bms-request';
import { clientAddress } from '../testing/client-address';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { createBmsTenant, createPublishedPassport } from '../testing/factories';
import { apiTenant } from '../testing/integration-client';
import { waitFor } from '../testing/poll';
import { type Answer, seconds, timedFetch } from './faults-kit';
import { figure } from './kit/figures';
import { type RunningService, startService } from './kit/service';
import { proxyFor, type TcpProxy } from './kit/tcp-proxy';

const SUITE = 'faults';
const LIMITER_TIMEOUT_MS = 1_000;
const hasRedisServer = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
const available = Boolean(process.env.REDIS_URL) || hasRedisServer;
if (!available) figure(SUITE, 'rate-limit Redis stopped', 'skipped: no REDIS_URL and no redis-server on PATH');

let redisServer: ChildProcess | undefined;
let redisUrl: string;
let database: TestDatabase;
let proxy: TcpProxy;
let service: RunningService;
let db: Db;
let tenant: Awaited<ReturnType<typeof apiTenant>>;
let bms: Awaited<ReturnType<typeof createBmsTenant>>;
let reports = 0;
let slug: string;

async function startRedis(): Promise<string> {
  if (process.env.REDIS_URL) return process.env.REDIS_URL;
  const port = await freePort();
  redisServer = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  // Up once its port takes connections.
  await waitFor(
    async () => {
      return new Promise<boolean>((resolve) => {
        const socket = createConnection({ host: '127.0.0.1', port }, () => {
          socket.end();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
      });
    },
    20_000,
    'redis-server listening',
  );
  return url;
}

beforeAll(async () => {
  if (!available) return;
  redisUrl = await startRedis();
  proxy = await proxyFor(redisUrl);
  database = await createTestDatabase('faults_redis');
  service = await startService({
    databaseUrl: database.url,
    env: {
      TRUSTED_PROXY_HOPS: '1',
      RATE_LIMIT_BACKEND: 'redis',
      REDIS_URL: proxy.rewrite(redisUrl),
      RATE_LIMIT_TIMEOUT_MS: String(LIMITER_TIMEOUT_MS),
      HEALTH_DB_TIMEOUT_MS: '1000',
    },
  });
  db = createPrismaClient(database.url);
  tenant = await apiTenant(db, service.baseUrl);
  bms = await createBmsTenant(db);
  slug = (await createPublishedPassport(db, { companyId: tenant.company.id })).slug;
});

afterAll(async () => {
  proxy?.set('open');
  await service?.stop();
  await db?.$disconnect();
  await proxy?.close();
  await database?.dispose();
  if (redisServer && redisServer.exitCode === null) {
    const exited = new Promise((resolve) => redisServer!.once('exit', resolve));
    redisServer.kill('SIGTERM');
    await exited;
  }
});

/** One request to each limited surface, each from its own address (so no bucket is anywhere near its limit). */
async function everySurface() {
  const address = clientAddress();
  const publicPaths = [
    `/api/dpp/${slug}`,
    `/api/dpp/${slug}/jsonld`,
    `/api/dpp/${slug}/v/1`,
    `/api/dpp/${slug}/versions`,
  ];
  const publicAnswers = await Promise.all(
    publicPaths.map((path) => timedFetch(service.baseUrl + path, { headers: { 'X-Forwarded-For': clientAddress() } })),
  );
  const timedSend = async (work: () => Promise<{ status: number; headers: Headers; data: any }>): Promise<Answer> => {
    const started = Date.now();
    const r = await work();
    return { status: r.status, headers: r.headers, body: r.data, ms: Date.now() - started };
  };
  const read = await timedSend(() => tenant.client.send('GET', '/api/v1/products'));
  const name = `Limited ${randomUUID().slice(0, 8)}`;
  const write = await timedSend(() =>
    tenant.client.send('POST', '/api/v1/products', { body: { name, categoryCode: 'EV_BATTERY' } }),
  );
  const started = Date.now();
  const telemetry = await sendBmsUpdate(service.baseUrl, {
    productId: bms.product.id,
    secret: bms.secret,
    // A report of its own each round: the same report in the same second would be refused as a replay.
    body: { formDataPatch: { current_soh_pct: 90 - (++reports % 100) / 10 } },
    address,
  });
  const bmsAnswer: Answer = { ...telemetry, ms: Date.now() - started };
  const health = await timedFetch(`${service.baseUrl}/api/health`);
  return { publicPaths, publicAnswers, read, write, name, bms: bmsAnswer, health };
}

type Round = Awaited<ReturnType<typeof everySurface>>;

function expectFailedClosed(round: Round) {
  for (const [i, answer] of round.publicAnswers.entries()) {
    const what = round.publicPaths[i];
    expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(429);
    expect(answer.body, what).toEqual({ error: expect.any(String), code: 'RATE_LIMITED', details: {} });
    expect(Number(answer.headers.get('retry-after')), what).toBeGreaterThan(0);
  }
  for (const [what, answer] of [
    ['integration read', round.read],
    ['integration write', round.write],
  ] as const) {
    expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(429);
    expect(answer.body.error, what).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.any(String),
      requestId: expect.any(String),
    });
    expect(Number(answer.headers.get('retry-after')), what).toBeGreaterThan(0);
  }
  expect(round.bms.status, JSON.stringify(round.bms.body)).toBe(429);
  expect(round.bms.body).toEqual({ code: 'RATE_LIMITED', error: expect.any(String) });
  expect(Number(round.bms.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(round.health.status).toBe(503);
  expect(round.health.body).toMatchObject({ status: 'degraded', services: { database: 'ok', rateLimit: 'error' } });
}

function expectServing(round: Round) {
  for (const [i, answer] of round.publicAnswers.entries()) expect(answer.status, round.publicPaths[i]).toBe(200);
  expect(round.read.status).toBe(200);
  expect(round.write.status, JSON.stringify(round.write.body)).toBe(201);
  expect(round.bms.status, JSON.stringify(round.bms.body)).toBe(200);
  expect(round.health.status).toBe(200);
}

const slowest = (round: Round) =>
  Math.max(...round.publicAnswers.map((a) => a.ms), round.read.ms, round.write.ms, round.bms.ms);

async function recover(what: string) {
  proxy.set('open');
  const reopened = Date.now();
  await waitFor(
    async () => (await timedFetch(`${service.baseUrl}/api/health`)).status === 200,
    60_000,
    `health 200 after ${what}`,
  );
  const recovered = seconds(Date.now() - reopened);
  expectServing(await everySurface());
  return recovered;
}

describe.skipIf(!available)("the rate limiter's Redis stopped", () => {
  test('served normally while Redis answers', async () => {
    expectServing(await everySurface());
  });

  test('refused: every limited route answers 429 in its envelope with Retry-After, health 503 names rateLimit, nothing is written; it recovers without a restart', async () => {
    proxy.set('refuse');
    const round = await everySurface();
    expectFailedClosed(round);
    expect(await db.product.count({ where: { name: round.name } })).toBe(0);
    figure(SUITE, 'Redis refused: limited routes answered 429', round.publicAnswers.length + 3);
    figure(SUITE, 'Redis refused: slowest 429', slowest(round), 'ms');
    figure(SUITE, 'Redis refused: recovery to health 200 and service', await recover('the refusal'), 's');
  });

  test('a hung network (blackhole): 429 within about RATE_LIMIT_TIMEOUT_MS, never a hang; it recovers by itself when the network heals', async () => {
    proxy.set('blackhole');
    const round = await everySurface();
    expectFailedClosed(round);
    expect(slowest(round)).toBeLessThan(LIMITER_TIMEOUT_MS + 2_000);
    expect(round.health.ms).toBeLessThan(LIMITER_TIMEOUT_MS + 2_000);
    figure(SUITE, 'Redis blackholed: slowest 429', slowest(round), 'ms');
    figure(SUITE, 'Redis blackholed: health answered 503 in', round.health.ms, 'ms');
    // The connections the blackhole holds stay silent for ever (they are not reset when the network heals): the
    // Redis store must drop them itself and connect again.
    figure(SUITE, 'Redis blackholed: recovery to health 200 and service', await recover('the blackhole'), 's');
  });
});

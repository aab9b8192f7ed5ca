import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { type EmbeddedDatabase, freePort, startEmbeddedPostgres } from '../lib/db/embedded';
import { waitFor } from '../testing/poll';
import { startServer, stopServer } from '../testing/server-process';

// A server of its own, with the defaults a deployment starts from (no trusted proxy hops, both feature flags
// off) and a database this file may stop and start.
test.describe.configure({ mode: 'serial' });

const dir = path.resolve('.data', 'test', `isolated-${randomBytes(4).toString('hex')}`);
let db: EmbeddedDatabase;
let dbPort: number;
let server: ChildProcess;
let baseURL: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dbPort = await freePort();
  db = await startEmbeddedPostgres({ dir, port: dbPort });
  ({ child: server, baseUrl: baseURL } = await startServer({
    databaseUrl: db.url,
    env: {
      TRUSTED_PROXY_HOPS: '0',
      INTEGRATION_API_ENABLED: '0',
      BMS_INGESTION_ENABLED: '0',
      HEALTH_DB_TIMEOUT_MS: '1000',
    },
    timeoutMs: 90_000,
  }));
});

test.afterAll(async () => {
  await stopServer(server);
  await db?.stop().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

test('with INTEGRATION_API_ENABLED off every /api/v1 route answers 503 FEATURE_DISABLED', async () => {
  for (const p of ['/api/v1/health', '/api/v1/products', '/api/v1/openapi.json']) {
    const res = await fetch(`${baseURL}${p}`);
    expect(res.status, p).toBe(503);
    const body = await res.json();
    expect(body.error.code).toBe('FEATURE_DISABLED');
    expect(body.error.requestId).toBe(res.headers.get('x-service-request-id'));
  }
});

test('with BMS_INGESTION_ENABLED off the BMS endpoint answers 503 FEATURE_FLAG_OFF', async () => {
  const res = await fetch(`${baseURL}/api/v1/products/00000000-0000-4000-8000-000000000000/bms-update`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  });
  expect(res.status).toBe(503);
  const body = await res.json();
  expect(body.code).toBe('FEATURE_FLAG_OFF');
  expect(typeof body.error).toBe('string');
  expect(res.headers.get('x-request-id')).toBeTruthy();
});

test('a forged X-Forwarded-For does not buy a fresh rate-limit budget', async () => {
  const first = await fetch(`${baseURL}/api/no-such-route`, { headers: { 'X-Forwarded-For': '192.0.2.1' } });
  const reset = Number(first.headers.get('ratelimit-reset'));
  if (reset < 20) await new Promise((r) => setTimeout(r, (reset + 1) * 1000));
  const start = await fetch(`${baseURL}/api/no-such-route`, { headers: { 'X-Forwarded-For': '192.0.2.2' } });
  let remaining = Number(start.headers.get('ratelimit-remaining'));
  for (let i = 3; remaining > 0; i++) {
    const res = await fetch(`${baseURL}/api/no-such-route`, { headers: { 'X-Forwarded-For': `192.0.2.${i % 250}` } });
    remaining = Number(res.headers.get('ratelimit-remaining'));
  }
  const refused = await fetch(`${baseURL}/api/no-such-route`, { headers: { 'X-Forwarded-For': '198.51.100.200' } });
  expect(refused.status).toBe(429);
});

test('health turns 503 when the database stops and 200 again when it returns, without a restart', async () => {
  test.setTimeout(120_000);
  await db.stop();
  await waitFor(async () => (await fetch(`${baseURL}/api/health`)).status === 503, 20_000, 'health 503');
  const down = await fetch(`${baseURL}/api/health`);
  const body = await down.json();
  expect(body.status).toBe('degraded');
  expect(body.services.database).toBe('error');
  expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);

  db = await startEmbeddedPostgres({ dir, port: dbPort });
  await waitFor(async () => (await fetch(`${baseURL}/api/health`)).status === 200, 30_000, 'health 200');
  expect((await (await fetch(`${baseURL}/api/health`)).json()).status).toBe('healthy');
});

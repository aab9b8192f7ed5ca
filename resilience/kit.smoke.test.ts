// The kit itself: a real service through a cut-able proxy to its database.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../lib/testing/test-database';
import { startService, type RunningService } from './kit/service';
import { proxyFor, type TcpProxy } from './kit/tcp-proxy';
import { waitFor } from './kit/tenants';

let db: TestDatabase;
let proxy: TcpProxy;
let service: RunningService;

beforeAll(async () => {
  db = await createTestDatabase('resilience_kit');
  proxy = await proxyFor(db.url);
  service = await startService({ databaseUrl: proxy.rewrite(db.url), env: { HEALTH_DB_TIMEOUT_MS: '1000' } });
});

afterAll(async () => {
  await service?.stop();
  await proxy?.close();
  await db?.dispose();
});

test('cutting the proxy takes the database away from the service and opening it gives it back', async () => {
  expect((await fetch(`${service.baseUrl}/api/health`)).status).toBe(200);
  proxy.set('refuse');
  await waitFor(async () => (await fetch(`${service.baseUrl}/api/health`)).status === 503, 20_000, 'health 503');
  proxy.set('open');
  await waitFor(async () => (await fetch(`${service.baseUrl}/api/health`)).status === 200, 30_000, 'health 200');
  expect(service.rssMb()).toBeGreaterThan(50);
});

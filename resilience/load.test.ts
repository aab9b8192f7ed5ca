// Load: mixed traffic (public reads of every kind, signed API writes, BMS telemetry) at a fixed concurrency for
// 30 seconds (10 minutes under --long), with no 5xx and the server's resident memory flat once warmed up; the
// server's metrics (GET /api/metrics) are scraped before and after, and count what the clients saw.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Passport, PassportSeeder } from '../bench/seed';
import { advance, type BatteryState, newBattery, seededRandom, telemetryBody } from '../lib/bms/simulator/telemetry';
import { newIdempotencyKey, signBmsRequest, signIntegrationRequest } from '../lib/client/signing';
import { createPrismaClient, type Db, disconnectPrisma } from '../lib/db/client';
import { routeTemplates } from '../lib/http/metrics';
import { GRANTABLE_SCOPES } from '../lib/integration/scopes';
import { appRoutes } from '../lib/server/app-routes';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { createTestBmsSecret, mintTestKey } from '../testing/factories';
import { dashboardMetricNames, parseScrape, type Series, scrapedNames, total } from '../testing/metrics';
import { figure, longMode } from './kit/figures';
import { type RunningService, startService } from './kit/service';

const SECONDS = longMode() ? 600 : 30;
const CONCURRENCY = 16;
const UNLIMITED = '100000000';
const METRICS_TOKEN = randomBytes(24).toString('base64url');

/** The server the suite's database is made on (unset: an embedded one), restored when it is done. */
const serverUrl = process.env.DATABASE_URL;
let database: TestDatabase;
let db: Db;
let service: RunningService;
let passports: Passport[];
let drafts: string[];
let key: { key: string; signingSecret: string };
let bmsSecret: string;

beforeAll(async () => {
  database = await createTestDatabase('resilience_load');
  // The seeder checks its clones through the service's read paths, which use this process's pool.
  process.env.DATABASE_URL = database.url;
  db = createPrismaClient(database.url);
  const seeder = await PassportSeeder.create(db, database.url);
  await seeder.growTo(longMode() ? 2_000 : 200);
  passports = seeder.passports;
  drafts = await seeder.drafts(50);
  key = await mintTestKey(db, seeder.companyId, { scopes: GRANTABLE_SCOPES });
  bmsSecret = (await createTestBmsSecret(db, seeder.companyId)).secret;
  await seeder.close();
  service = await startService({
    databaseUrl: database.url,
    env: {
      // A bounded old space, as a container's memory limit sets it: V8 then collects instead of growing its heap
      // lazily, so what the resident memory does over the run is the service's own (a leak grows it, or kills it).
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=256`.trim(),
      RATE_LIMIT_EDGE_PER_MINUTE: UNLIMITED,
      RATE_LIMIT_DPP_PER_MINUTE: UNLIMITED,
      RATE_LIMIT_API_KEY_PER_MINUTE: UNLIMITED,
      RATE_LIMIT_BMS_PER_SECOND: UNLIMITED,
      METRICS_TOKEN,
    },
  });
}, 600_000);

afterAll(async () => {
  await service?.stop();
  await db?.$disconnect();
  await disconnectPrisma();
  if (serverUrl === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = serverUrl;
  await database?.dispose();
});

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];

type Kind = 'dpp' | 'jsonld' | 'snapshot' | 'resolver' | 'form-data' | 'bms';

/** The series each kind of request is counted under: its surface, route template and method. */
const COUNTED_AS: Record<Kind, { surface: string; route: string; method: string }> = {
  dpp: { surface: 'public', route: '/api/dpp/{slug}', method: 'GET' },
  jsonld: { surface: 'public', route: '/api/dpp/{slug}/jsonld', method: 'GET' },
  snapshot: { surface: 'public', route: '/api/dpp/{slug}/v/{version}', method: 'GET' },
  resolver: { surface: 'public', route: '/01/{gtin}/21/{serial}', method: 'GET' },
  'form-data': { surface: 'integration', route: '/api/v1/products/{id}/form-data', method: 'PUT' },
  bms: { surface: 'bms', route: '/api/v1/products/{id}/bms-update', method: 'POST' },
};

async function scrape(): Promise<{ text: string; series: Series[] }> {
  const response = await fetch(`${service.baseUrl}/api/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return { text, series: parseScrape(text) };
}
const MIX: Kind[] = ['dpp', 'dpp', 'dpp', 'jsonld', 'snapshot', 'resolver', 'form-data', 'bms', 'bms'];

function requestFor(
  kind: Kind,
  fleet: Map<string, BatteryState>,
  random: () => number,
): { path: string; init: RequestInit } {
  const p = pick(passports);
  switch (kind) {
    case 'dpp':
      return { path: `/api/dpp/${p.slug}`, init: {} };
    case 'jsonld':
      return { path: `/api/dpp/${p.slug}/jsonld`, init: {} };
    case 'snapshot':
      return { path: `/api/dpp/${p.slug}/v/1`, init: {} };
    case 'resolver':
      return { path: `/01/${p.gtin}/21/${encodeURIComponent(p.serial)}`, init: { headers: { accept: 'text/html' } } };
    case 'form-data': {
      const path = `/api/v1/products/${pick(drafts)}/form-data`;
      const body = JSON.stringify({
        formData: { manufacturing_place: `Plant ${Math.random().toString(36).slice(2, 10)}` },
      });
      const signature = signIntegrationRequest({
        method: 'PUT',
        pathWithQuery: path,
        body,
        signingSecret: key.signingSecret,
      })['X-Service-Signature'];
      return {
        path,
        init: {
          method: 'PUT',
          body,
          headers: {
            authorization: `Bearer ${key.key}`,
            'content-type': 'application/json',
            'idempotency-key': newIdempotencyKey(),
            'x-service-signature': signature,
          },
        },
      };
    }
    case 'bms': {
      const state = advance(fleet.get(p.id) ?? newBattery(p.id, random), random);
      fleet.set(p.id, state);
      const body = JSON.stringify(telemetryBody(state, new Date()));
      const signature = signBmsRequest({ rawBody: body, secret: bmsSecret })['X-Service-Signature'];
      return {
        path: `/api/v1/products/${p.id}/bms-update`,
        init: {
          method: 'POST',
          body,
          headers: {
            'content-type': 'application/json',
            'x-service-bms-secret': bmsSecret,
            'x-service-signature': signature,
          },
        },
      };
    }
  }
}

/** Every passport read once in every form, so the measured window starts with the read caches full. */
async function warmUp(): Promise<void> {
  const paths = passports.flatMap((p) => [
    `/api/dpp/${p.slug}`,
    `/api/dpp/${p.slug}/jsonld`,
    `/api/dpp/${p.slug}/v/1`,
    `/01/${p.gtin}/21/${encodeURIComponent(p.serial)}`,
  ]);
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++]!;
      const response = await fetch(`${service.baseUrl}${path}`);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`warm-up ${path} answered ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

test(
  `${SECONDS} s of mixed reads, API writes and BMS telemetry: no 5xx, no unexpected answer, memory flat`,
  async () => {
    const before = await scrape();
    await warmUp();
    const fleet = new Map<string, BatteryState>();
    const random = seededRandom(7);
    const counts = new Map<string, number>();
    const unexpected: string[] = [];
    const rss: number[] = [];
    const sampler = setInterval(() => {
      const mb = service.rssMb();
      if (mb !== null) rss.push(mb);
    }, 1000);
    const end = Date.now() + SECONDS * 1000;
    let sent = 0;
    const worker = async () => {
      while (Date.now() < end) {
        const kind = pick(MIX);
        const { path, init } = requestFor(kind, fleet, random);
        const status = await fetch(`${service.baseUrl}${path}`, init).then(
          async (r) => {
            await r.arrayBuffer();
            return r.status;
          },
          () => 0,
        );
        sent += 1;
        counts.set(`${kind} ${status}`, (counts.get(`${kind} ${status}`) ?? 0) + 1);
        if (status < 200 || status >= 300) unexpected.push(`${kind} ${path} → ${status}`);
      }
    };
    try {
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    } finally {
      clearInterval(sampler);
    }

    // Memory: the median of the last quarter against the median of the second (the first is warm-up).
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const quarter = Math.max(1, Math.floor(rss.length / 4));
    const warmed = median(rss.slice(quarter, 2 * quarter));
    const last = median(rss.slice(-quarter));
    const peak = Math.max(...rss);
    figure('load', 'duration', SECONDS, 's');
    figure('load', 'requests', sent);
    figure('load', 'requests per second', Math.round(sent / SECONDS));
    figure('load', 'non-2xx answers', unexpected.length);
    figure('load', 'resident memory after warm-up (median)', Math.round(warmed), 'MB');
    figure('load', 'resident memory at the end (median)', Math.round(last), 'MB');
    figure('load', 'resident memory peak', Math.round(peak), 'MB');
    for (const [name, n] of [...counts].sort()) figure('load', `answers: ${name}`, n);

    expect(unexpected.slice(0, 20)).toEqual([]);
    expect(sent).toBeGreaterThan(0);
    await expectMetricsCounted(before, counts);
    // Flat: what the server holds after warm-up does not keep growing with the traffic (a leak grows linearly).
    expect(last).toBeLessThan(warmed * 1.25 + 32);
  },
  (SECONDS + 600) * 1000,
);

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * The scrape after the load against the one before it: each kind's 2xx answers and latency observations grew by at
 * least what the clients received, every route label is a template of the application's routes (no passport's id,
 * slug, GTIN or serial became a label value), and every metric the example dashboard queries is there.
 */
async function expectMetricsCounted(before: { series: Series[] }, counts: ReadonlyMap<string, number>): Promise<void> {
  const started = performance.now();
  const after = await scrape();
  figure('load', 'metrics: scrape after the load', Math.round(performance.now() - started), 'ms');
  figure('load', 'metrics: scrape size', Math.round(after.text.length / 1024), 'KiB');
  figure('load', 'metrics: series', after.series.length);
  for (const [kind, labels] of Object.entries(COUNTED_AS) as [Kind, (typeof COUNTED_AS)[Kind]][]) {
    const answered = [...counts].filter(([key]) => key.startsWith(`${kind} 2`)).reduce((sum, [, n]) => sum + n, 0);
    const statuses = new Set(
      [...counts.keys()].filter((key) => key.startsWith(`${kind} 2`)).map((k) => k.split(' ')[1]!),
    );
    const grew = (name: string, where: Record<string, string>) =>
      total(after.series, name, where) - total(before.series, name, where);
    let counted = 0;
    for (const status of statuses) counted += grew('bps_http_requests_total', { ...labels, status });
    expect(counted, `${kind}: ${JSON.stringify(labels)}`).toBeGreaterThanOrEqual(answered);
    expect(grew('bps_http_request_duration_seconds_count', labels), kind).toBeGreaterThanOrEqual(answered);
    figure('load', `metrics: ${labels.route} ${labels.method} counted`, counted);
  }
  const templates = new Set(appRoutes().map((route) => routeTemplates([route])(route)));
  templates.add('unmatched');
  const routes = new Set(after.series.flatMap((s) => (s.labels.route === undefined ? [] : [s.labels.route])));
  expect([...routes].filter((route) => !templates.has(route))).toEqual([]);
  const seeded = new Set(passports.flatMap((p) => [p.id, p.slug, p.gtin, p.serial]));
  const values = after.series.flatMap((s) => Object.values(s.labels));
  expect(values.filter((value) => UUID.test(value) || seeded.has(value))).toEqual([]);
  expect(total(after.series, 'bps_db_pool_max_connections')).toBeGreaterThan(0);
  expect(total(after.series, 'bps_metrics_source_up', { source: 'jobs' })).toBe(1);
  expect(total(after.series, 'bps_metrics_source_up', { source: 'outboxes' })).toBe(1);
  const scraped = scrapedNames(after.text);
  expect(dashboardMetricNames().filter((name) => !scraped.has(name))).toEqual([]);
}

test('GET /api/metrics refuses a missing or wrong bearer token with 401 in the public envelope, never cached', async () => {
  for (const authorization of [undefined, `Bearer ${METRICS_TOKEN}x`, `Basic ${METRICS_TOKEN}`]) {
    const response = await fetch(`${service.baseUrl}/api/metrics`, {
      headers: authorization ? { authorization } : {},
    });
    expect(response.status, authorization).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  }
});

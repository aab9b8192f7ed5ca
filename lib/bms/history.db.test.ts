// The history of dynamic data: every applied BMS report kept with its time, in the report's own statement, and read
// back through GET /api/v1/products/{id}/telemetry (paged, filtered by time and key, tenant-isolated) and as a chart
// series, with 10,000 reports on one passport.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as telemetryRoute } from '../../app/api/v1/products/[id]/telemetry/route';
import { callBms } from '../../testing/bms';
import { createBmsTenant, mintTestKey } from '../../testing/factories';
import { buildRequest } from '../../testing/integration-route';
import { disconnectPrisma, prisma } from '../db/client';
import { postBmsUpdate } from './endpoint';
import { historySeries } from './history';

afterAll(() => disconnectPrisma());

const REPORTS = 10_000;
const START = Date.parse('2025-01-01T00:00:00.000Z');
const HOUR = 3_600_000;

/** 10,000 reports an hour apart in one statement: SoH falls from 100 % by 0.001 per report, cycles count up; every
 * tenth report names only a counter. */
async function seedReports(productId: string) {
  await prisma.$executeRawUnsafe(
    `INSERT INTO "TelemetryReport" ("productId", "reportedAt", "receivedAt", "values")
     SELECT $1::uuid, $2::timestamp + n * interval '1 hour', $2::timestamp + n * interval '1 hour',
       CASE WHEN n % 10 = 9 THEN jsonb_build_object('deepDischargeEvents', n / 10)
            ELSE jsonb_build_object('current_soh_pct', 100 - n * 0.001, 'current_cycle_count', n, 'remaining_capacity_ah', 200 - n * 0.002)
       END
     FROM generate_series(0, ${REPORTS - 1}) AS n`,
    productId,
    new Date(START).toISOString(),
  );
}

let tenant: Awaited<ReturnType<typeof createBmsTenant>>;
let key: Awaited<ReturnType<typeof mintTestKey>>;

beforeAll(async () => {
  tenant = await createBmsTenant(prisma);
  key = await mintTestKey(prisma, tenant.company.id, { scopes: ['dpp:read'], mode: 'live' });
  await seedReports(tenant.product.id);
});

async function read(query: string, o: { apiKey?: string; productId?: string } = {}) {
  const productId = o.productId ?? tenant.product.id;
  const path = `/api/v1/products/${productId}/telemetry${query}`;
  const request = buildRequest({ method: 'GET', path, apiKey: o.apiKey ?? key.key });
  const response = await telemetryRoute(request, { params: Promise.resolve({ id: productId }) });
  return { status: response.status, body: await response.json() };
}

describe('GET /api/v1/products/{id}/telemetry', () => {
  it('pages through all 10,000 reports oldest first with the cursor, each once', async () => {
    // 100 pages: a key of its own, so the per-key limit (100 a minute) is this test's alone.
    const pager = await mintTestKey(prisma, tenant.company.id, { scopes: ['dpp:read'], mode: 'live' });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await read(`?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, {
        apiKey: pager.key,
      });
      expect(res.status).toBe(200);
      seen.push(...res.body.data.map((e: { reportedAt: string }) => e.reportedAt));
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(REPORTS / 100);
    expect(seen).toHaveLength(REPORTS);
    expect(new Set(seen).size).toBe(REPORTS);
    expect(seen[0]).toBe(new Date(START).toISOString());
    expect(seen.at(-1)).toBe(new Date(START + (REPORTS - 1) * HOUR).toISOString());
    expect([...seen].sort()).toEqual(seen);
  });

  it('filters by time: from inclusive, to exclusive', async () => {
    const from = new Date(START + 100 * HOUR).toISOString();
    const to = new Date(START + 150 * HOUR).toISOString();
    const res = await read(`?limit=100&from=${from}&to=${to}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(50);
    expect(res.body.data[0]).toEqual({
      reportedAt: from,
      values: { current_soh_pct: 99.9, current_cycle_count: 100, remaining_capacity_ah: 199.8 },
    });
    expect(res.body.nextCursor).toBeNull();
  });

  it('filters by key: only the reports naming it, each with that key alone', async () => {
    const res = await read('?limit=100&key=deepDischargeEvents');
    expect(res.body.data).toHaveLength(100);
    expect(res.body.data[0]).toEqual({
      reportedAt: new Date(START + 9 * HOUR).toISOString(),
      values: { deepDischargeEvents: 0 },
    });
    expect(res.body.data.every((e: { values: object }) => Object.keys(e.values).join() === 'deepDischargeEvents')).toBe(
      true,
    );
    const soh = await read('?limit=5&key=current_soh_pct');
    expect(soh.body.data.map((e: { values: object }) => e.values)).toEqual([
      { current_soh_pct: 100 },
      { current_soh_pct: 99.999 },
      { current_soh_pct: 99.998 },
      { current_soh_pct: 99.997 },
      { current_soh_pct: 99.996 },
    ]);
  });

  it('refuses bad input with 400 VALIDATION_ERROR: an unknown key, a forged cursor, from not before to', async () => {
    for (const query of [
      '?key=model_number',
      '?cursor=bm90LWEtY3Vyc29y',
      '?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z',
      '?from=yesterday',
      '?limit=0',
    ]) {
      const res = await read(query);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code, query).toBe('VALIDATION_ERROR');
    }
  });

  it('answers another tenant, and the same tenant’s sandbox key, 404 NOT_FOUND; a malformed id 400 INVALID_ID', async () => {
    const other = await createBmsTenant(prisma);
    const otherKey = await mintTestKey(prisma, other.company.id, { scopes: ['dpp:read'], mode: 'live' });
    const foreign = await read('', { apiKey: otherKey.key });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('NOT_FOUND');
    const sandbox = await mintTestKey(prisma, tenant.company.id, { scopes: ['dpp:read'], mode: 'test' });
    expect((await read('', { apiKey: sandbox.key })).status).toBe(404);
    const malformed = await read('', { productId: 'not-a-uuid' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('INVALID_ID');
  });
});

describe('the chart series', () => {
  it('draws 10,000 reports as at most 120 time buckets, oldest first, with their means', async () => {
    const series = await historySeries(tenant.product.id);
    expect(series).toHaveLength(120);
    expect(series[0].at).toBe(new Date(START).toISOString());
    expect(series.reduce((n, p) => n + p.reports, 0)).toBe(REPORTS * 0.9);
    expect(series[0].sohPct).toBeGreaterThan(series.at(-1)!.sohPct!);
    expect(series.at(-1)!.cycles).toBeGreaterThan(9_900);
  });
});

describe('a BMS report', () => {
  it('is kept with its signed time and the values it applied, in the same statement; an older report is not', async () => {
    const { product, secret } = await createBmsTenant(prisma);
    const timestamp = Math.floor(Date.now() / 1000);
    const body = {
      formDataPatch: { current_soh_pct: 93.5, model_number: 'X' },
      lifetimeCounters: { deepDischargeEvents: 1, timeAtTempLowSec: null },
    };
    expect((await callBms(postBmsUpdate, { productId: product.id, body, secret, timestamp })).status).toBe(200);
    const older = { formDataPatch: { current_soh_pct: 99 } };
    const superseded = await callBms(postBmsUpdate, {
      productId: product.id,
      body: older,
      secret,
      timestamp: timestamp - 60,
    });
    expect(superseded.body.superseded).toBe(true);
    const rows = await prisma.telemetryReport.findMany({ where: { productId: product.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0].reportedAt.toISOString()).toBe(new Date(timestamp * 1000).toISOString());
    expect(rows[0].values).toEqual({ current_soh_pct: 93.5, deepDischargeEvents: 1, timeAtTempLowSec: null });
  });
});

import { sqlRows } from '../db/sql';
import type { DomainContext } from '../domain/context';
import { decodeTimeSerialCursor, encodeCursor } from '../domain/cursor';
import { ServiceError } from '../errors';
import { isUuid } from '../ids';
import { BMS_DYNAMIC_FIELD_IDS } from '../schema/fields/dynamic';
import { LIFETIME_COUNTER_NAMES } from './schemas';

/**
 * The history of dynamic data (Annex XIII point 4 of Regulation (EU) 2023/1542: state of health, use, operating
 * conditions over time): every applied BMS report's accepted values and the counters it named, at its signed time.
 * Written by the report's own statement (ingest-telemetry.ts), read here: pages for the Integration API, a bucketed
 * series for the charts.
 */

/** The keys a stored report may hold: the whitelisted form-data keys and the seven lifetime counters. */
export const HISTORY_KEYS = [...BMS_DYNAMIC_FIELD_IDS, ...LIFETIME_COUNTER_NAMES] as const;

export interface TelemetryEntry {
  reportedAt: string;
  values: Record<string, unknown>;
}

export interface TelemetryQuery {
  productId: string;
  limit: number;
  cursor?: string;
  from?: string;
  to?: string;
  key?: string;
}

const notFound = () => new ServiceError('NOT_FOUND', 'No such product.');

const OWNED = `SELECT 1 FROM "Product" WHERE "id" = $1::uuid AND "companyId" = $2::uuid AND ($3::text IS NULL OR "mode"::text = $3)`;

/** The tenant's product (in the key's mode), else 404 NOT_FOUND: another tenant's product is not found. */
async function requireOwned(ctx: DomainContext, productId: string): Promise<void> {
  if (!isUuid(productId)) throw new ServiceError('INVALID_ID', 'The product id is not a valid UUID.');
  const rows = await sqlRows({
    name: 'telemetry-owned',
    text: OWNED,
    values: [productId, ctx.companyId, ctx.mode ?? null],
  });
  if (rows.length === 0) throw notFound();
}

// Oldest first by (reportedAt, id): the (productId, reportedAt, id) index serves the range and the order, so a page
// costs the same on the first and the thousandth page. `key` narrows to the reports naming it, and each to that key.
const PAGE = `
  SELECT "id"::text AS "id", to_char("reportedAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "reportedAt",
    CASE WHEN $6::text IS NULL THEN "values" ELSE jsonb_build_object($6::text, "values" -> $6::text) END AS "values"
  FROM "TelemetryReport"
  WHERE "productId" = $1::uuid
    AND ($2::timestamp IS NULL OR "reportedAt" >= $2::timestamp)
    AND ($3::timestamp IS NULL OR "reportedAt" < $3::timestamp)
    AND ($4::timestamp IS NULL OR ("reportedAt", "id") > ($4::timestamp, $5::bigint))
    AND ($6::text IS NULL OR "values" ? $6::text)
  ORDER BY "reportedAt", "id"
  LIMIT $7`;

/** One page of the passport's stored reports, oldest first; `nextCursor` is null on the last page. */
export async function listTelemetry({ ctx, input }: { ctx: DomainContext; input: TelemetryQuery }) {
  await requireOwned(ctx, input.productId);
  if (input.from && input.to && new Date(input.from) >= new Date(input.to)) {
    throw new ServiceError('VALIDATION_ERROR', '`from` must be earlier than `to`.', {
      details: { issues: [{ path: 'from', code: 'invalid_range', message: '`from` must be earlier than `to`.' }] },
    });
  }
  const after = decodeTimeSerialCursor(input.cursor);
  const utc = (at: string | Date | undefined) => (at === undefined ? null : new Date(at).toISOString());
  const rows = await sqlRows<{ id: string; reportedAt: string; values: Record<string, unknown> }>({
    name: 'telemetry-page',
    text: PAGE,
    values: [
      input.productId,
      utc(input.from),
      utc(input.to),
      utc(after?.at),
      after?.id ?? null,
      input.key ?? null,
      input.limit + 1,
    ],
  });
  const items = rows.slice(0, input.limit);
  const last = items.at(-1);
  const nextCursor = rows.length > input.limit && last ? encodeCursor([last.reportedAt, last.id]) : null;
  return {
    data: items.map((r): TelemetryEntry => ({ reportedAt: r.reportedAt, values: r.values })),
    nextCursor,
  };
}

/** One point of a chart: the mean of a time bucket's reports (null where none of them named the value). */
export interface HistoryPoint {
  at: string;
  sohPct: number | null;
  cycles: number | null;
  remainingCapacityAh: number | null;
  reports: number;
}

const num = (key: string) =>
  `avg(CASE WHEN jsonb_typeof("values" -> '${key}') = 'number' THEN ("values" ->> '${key}')::float8 END)`;

// At most $2 points whatever the number of reports: ntile over the passport's reports in time order (the index gives
// the order), each bucket its first time and its means.
const SERIES = `
  SELECT to_char(min("reportedAt"), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "at",
    ${num('current_soh_pct')} AS "sohPct", ${num('current_cycle_count')} AS "cycles",
    ${num('remaining_capacity_ah')} AS "remainingCapacityAh", count(*)::int AS "reports"
  FROM (
    SELECT "reportedAt", "values", ntile($2::int) OVER (ORDER BY "reportedAt", "id") AS "bucket"
    FROM "TelemetryReport" WHERE "productId" = $1::uuid
      AND ("values" ? 'current_soh_pct' OR "values" ? 'current_cycle_count' OR "values" ? 'remaining_capacity_ah')
  ) r
  GROUP BY "bucket" ORDER BY "bucket"`;

/**
 * The passport's state of health, cycle count and remaining capacity over time, in at most `points` time buckets
 * (each the mean of its reports). Callers have already decided who may see it (Annex XIII point 4).
 */
export async function historySeries(productId: string, points = 120): Promise<HistoryPoint[]> {
  return sqlRows<HistoryPoint>({ name: 'telemetry-series', text: SERIES, values: [productId, points] });
}

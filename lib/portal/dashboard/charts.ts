import { prisma } from '../../db/client';
import type { ProductState } from '../../db/generated/enums';
import type { TenantArgs } from '../../domain/context';
import { PUBLIC_STATE } from '../../passport/states';
import { requireRole } from '../../passport/transitions/result';
import type { PublicStateName } from '../passports/list';
import { STATE_LABEL } from '../passports/state-label';
import { DASHBOARD_ROLES } from './attention';

export interface ChartPoint {
  label: string;
  value: number;
}

export const BMS_CHART_DAYS = 30;

/** The tenant's passports per workflow state, every state listed (zero when none), named by `label`. */
export async function passportsByState({
  ctx,
  db = prisma,
  label = (state) => STATE_LABEL[state],
}: TenantArgs & { label?: (state: PublicStateName) => string }): Promise<ChartPoint[]> {
  requireRole(ctx, DASHBOARD_ROLES, 'read the dashboard');
  const groups = await db.product.groupBy({
    by: ['state'],
    where: { companyId: ctx.companyId },
    _count: { _all: true },
  });
  const counts = new Map(groups.map((g) => [g.state, g._count._all]));
  // PUBLIC_STATE lists the states in the workflow's order, so the bars read like the lifecycle.
  return (Object.keys(PUBLIC_STATE) as ProductState[]).map((state) => ({
    label: label(PUBLIC_STATE[state]),
    value: counts.get(state) ?? 0,
  }));
}

/** The tenant's passports per battery category, every category listed (zero when none), named by `label`. */
export async function passportsByCategory({
  ctx,
  db = prisma,
  label = (_code, name) => name,
}: TenantArgs & { label?: (code: string, name: string) => string }): Promise<ChartPoint[]> {
  requireRole(ctx, DASHBOARD_ROLES, 'read the dashboard');
  const [categories, groups] = await Promise.all([
    db.category.findMany({ select: { id: true, name: true, code: true }, orderBy: { code: 'asc' } }),
    db.product.groupBy({ by: ['categoryId'], where: { companyId: ctx.companyId }, _count: { _all: true } }),
  ]);
  const counts = new Map(groups.map((g) => [g.categoryId, g._count._all]));
  return categories.map((c) => ({ label: label(c.code, c.name), value: counts.get(c.id) ?? 0 }));
}

/** `YYYY-MM-DD` of the UTC day `days` before `now`'s. */
export function utcDay(now: Date, daysBefore = 0): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysBefore));
  return d.toISOString().slice(0, 10);
}

/**
 * Accepted BMS reports per UTC day over the last 30 days, today included, oldest first, zero-filled: one query
 * over the tenant's audit rows (the (companyId, createdAt) index bounds it to the window).
 */
export async function bmsUpdatesPerDay({ ctx, db = prisma, now = new Date() }: TenantArgs): Promise<ChartPoint[]> {
  requireRole(ctx, DASHBOARD_ROLES, 'read the dashboard');
  const first = utcDay(now, BMS_CHART_DAYS - 1);
  const last = utcDay(now);
  const rows = await db.$queryRaw<{ day: string; count: number }[]>`
    WITH days AS (
      SELECT generate_series(${first}::timestamp, ${last}::timestamp, interval '1 day') AS day
    ), counts AS (
      SELECT date_trunc('day', "createdAt") AS day, count(*)::int AS n
      FROM "AuditLog"
      WHERE "companyId" = ${ctx.companyId}::uuid
        AND "eventType" = 'Update'
        AND "eventContext"->>'source' = 'bms-webhook'
        AND "createdAt" >= ${first}::timestamp
        AND "createdAt" < ${last}::timestamp + interval '1 day'
      GROUP BY 1
    )
    SELECT to_char(days.day, 'YYYY-MM-DD') AS day, COALESCE(counts.n, 0)::int AS count
    FROM days LEFT JOIN counts ON counts.day = days.day
    ORDER BY days.day`;
  return rows.map((r) => ({ label: r.day, value: Number(r.count) }));
}

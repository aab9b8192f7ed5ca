import { type Db, prisma, type Tx } from '../../db/client';
import type { Prisma } from '../../db/generated/client';
import type { DomainContext, TenantArgs } from '../../domain/context';
import { decodeTimeCursor, encodeTimeCursor } from '../../domain/cursor';
import { isUuid } from '../../ids';
import { requireRole } from '../../passport/transitions/result';
import type { AuditFilters } from './filters';

/** Every operator reads the company's audit trail. */
export const AUDIT_READ_ROLES = ['ADMIN', 'EDITOR', 'REVIEWER', 'System'];
export const AUDIT_PAGE_SIZE = 50;

const DAY_MS = 86_400_000;
const startOfUtcDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

function productFilter(companyId: string, search: string): Prisma.AuditLogWhereInput {
  if (isUuid(search)) return { productId: search.toLowerCase() };
  return {
    product: {
      is: {
        companyId,
        OR: [{ slug: { equals: search, mode: 'insensitive' } }, { name: { contains: search, mode: 'insensitive' } }],
      },
    },
  };
}

/** The tenant's audit rows matching the filters; dates are whole UTC days, both ends included. */
export function auditWhere(ctx: DomainContext, filters: AuditFilters): Prisma.AuditLogWhereInput {
  const createdAt: Prisma.DateTimeFilter = {};
  if (filters.from) createdAt.gte = startOfUtcDay(filters.from);
  if (filters.to) createdAt.lt = new Date(startOfUtcDay(filters.to).getTime() + DAY_MS);
  return {
    companyId: ctx.companyId,
    ...(filters.event ? { eventType: filters.event } : {}),
    ...(filters.channel ? { eventChannel: filters.channel } : {}),
    ...(filters.role ? { actorRole: filters.role } : {}),
    ...(filters.actor ? { actorId: filters.actor } : {}),
    ...(filters.from || filters.to ? { createdAt } : {}),
    ...(filters.product ? productFilter(ctx.companyId, filters.product) : {}),
  };
}

const ENTRY_SELECT = {
  id: true,
  createdAt: true,
  eventType: true,
  actorRole: true,
  actorId: true,
  eventChannel: true,
  eventContext: true,
  productId: true,
  product: { select: { name: true, slug: true } },
} as const satisfies Prisma.AuditLogSelect;

export type AuditEntry = Prisma.AuditLogGetPayload<{ select: typeof ENTRY_SELECT }>;

/** One page of the tenant's audit trail, newest first, keyset-paged by (createdAt, id). */
export async function listAuditEntries({
  ctx,
  filters,
  cursor,
  limit = AUDIT_PAGE_SIZE,
  db = prisma,
}: {
  ctx: DomainContext;
  filters: AuditFilters;
  cursor?: string;
  limit?: number;
  db?: Db | Tx;
}): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  requireRole(ctx, AUDIT_READ_ROLES, 'read the audit trail');
  const after = decodeTimeCursor(cursor);
  const where: Prisma.AuditLogWhereInput = after
    ? {
        AND: [
          auditWhere(ctx, filters),
          { OR: [{ createdAt: { lt: after.at } }, { createdAt: after.at, id: { lt: after.id } }] },
        ],
      }
    : auditWhere(ctx, filters);
  const rows = await db.auditLog.findMany({
    where,
    select: ENTRY_SELECT,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit + 1,
  });
  const entries = rows.slice(0, limit);
  const last = entries.at(-1);
  return { entries, nextCursor: rows.length > limit && last ? encodeTimeCursor(last.createdAt, last.id) : null };
}

/** The event types and actor roles that occur in the tenant's trail, for the filter selects. */
export async function auditFacets({
  ctx,
  db = prisma,
}: TenantArgs): Promise<{ eventTypes: string[]; actorRoles: string[] }> {
  requireRole(ctx, AUDIT_READ_ROLES, 'read the audit trail');
  const [events, roles] = await Promise.all([
    db.auditLog.groupBy({ by: ['eventType'], where: { companyId: ctx.companyId }, orderBy: { eventType: 'asc' } }),
    db.auditLog.groupBy({ by: ['actorRole'], where: { companyId: ctx.companyId }, orderBy: { actorRole: 'asc' } }),
  ]);
  return { eventTypes: events.map((e) => e.eventType), actorRoles: roles.map((r) => r.actorRole) };
}

/** Emails of the tenant's operators among `ids`, so the trail names people, not only ids. */
export async function operatorEmails({
  ctx,
  ids,
  db = prisma,
}: {
  ctx: DomainContext;
  ids: (string | null)[];
  db?: Db | Tx;
}): Promise<Map<string, string>> {
  const userIds = [...new Set(ids.filter((id): id is string => isUuid(id)))];
  if (userIds.length === 0) return new Map();
  const users = await db.user.findMany({
    where: { companyId: ctx.companyId, id: { in: userIds } },
    select: { id: true, email: true },
  });
  return new Map(users.map((u) => [u.id, u.email]));
}

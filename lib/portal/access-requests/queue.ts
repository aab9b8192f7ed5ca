import { prisma } from '../../db/client';
import type { PoliRequestStatus } from '../../db/generated/enums';
import type { TenantArgs } from '../../domain/context';
import { requireRole } from '../../passport/transitions/result';

/**
 * The queue's tabs in the order a reviewer works through them; the first is the default. Each is named by the
 * `status.<status>` message of the portal's access area.
 */
export const QUEUE_TABS: readonly { status: PoliRequestStatus }[] = [
  { status: 'PENDING_REVIEW' },
  { status: 'APPROVED' },
  { status: 'REJECTED' },
  { status: 'REVOKED' },
  { status: 'PENDING_VERIFICATION' },
];

export const QUEUE_PAGE_SIZE = 25;

const QUEUE_READ_ROLES = ['ADMIN', 'EDITOR', 'REVIEWER', 'System'];

/** The status a queue URL asks for: the default tab without one, null for a value that is not a status. */
export function queueStatus(param: string | string[] | undefined): PoliRequestStatus | null {
  const value = Array.isArray(param) ? param[0] : param;
  if (!value) return QUEUE_TABS[0].status;
  return QUEUE_TABS.find((t) => t.status === value)?.status ?? null;
}

/** How many of the tenant's requests are in each status, every status listed, for the tab labels. */
export async function queueCounts({ ctx, db = prisma }: TenantArgs): Promise<Record<PoliRequestStatus, number>> {
  requireRole(ctx, QUEUE_READ_ROLES, 'read access requests');
  const groups = await db.poliRequest.groupBy({
    by: ['status'],
    where: { companyId: ctx.companyId },
    _count: { _all: true },
  });
  const counts = Object.fromEntries(QUEUE_TABS.map((t) => [t.status, 0])) as Record<PoliRequestStatus, number>;
  for (const g of groups) counts[g.status] = g._count._all;
  return counts;
}

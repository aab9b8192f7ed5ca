import { type Db, prisma, type Tx } from '../db/client';
import type { Prisma } from '../db/generated/client';
import type { PoliRequestStatus } from '../db/generated/enums';
import type { DomainContext } from '../domain/context';
import { decodeTimeCursor, encodeTimeCursor } from '../domain/cursor';
import { ServiceError } from '../errors';
import { requireRole } from '../passport/transitions/result';
import { poliRequestView, REQUEST_VIEW_INCLUDE } from './request-view';

export const POLI_REQUEST_STATUSES: PoliRequestStatus[] = [
  'PENDING_VERIFICATION',
  'PENDING_REVIEW',
  'APPROVED',
  'REJECTED',
  'REVOKED',
];

/** Every operator may read the requests; only reviewers and admins decide. */
export const READ_ROLES = ['ADMIN', 'EDITOR', 'REVIEWER', 'System'];

export interface ListPoliRequestsInput {
  /** Without it: every request whose email is confirmed (unconfirmed ones are noise until then). */
  status?: PoliRequestStatus;
  cursor?: string;
  limit?: number;
}

/** The tenant's access requests, newest first, a page at a time with an opaque cursor. */
export async function listPoliRequests({
  ctx,
  input = {},
  db = prisma,
  now = new Date(),
}: {
  ctx: DomainContext;
  input?: ListPoliRequestsInput;
  db?: Db | Tx;
  now?: Date;
}) {
  requireRole(ctx, READ_ROLES, 'read access requests');
  const limit = input.limit ?? 50;
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw new ServiceError('VALIDATION_ERROR', 'limit must be an integer from 1 to 100.', {
      details: { field: 'limit' },
    });
  }
  if (input.status !== undefined && !POLI_REQUEST_STATUSES.includes(input.status)) {
    throw new ServiceError('VALIDATION_ERROR', `status must be one of ${POLI_REQUEST_STATUSES.join(', ')}.`, {
      details: { field: 'status' },
    });
  }
  const after = decodeTimeCursor(input.cursor);
  const where: Prisma.PoliRequestWhereInput = {
    companyId: ctx.companyId,
    status: input.status ?? { not: 'PENDING_VERIFICATION' },
    ...(after ? { OR: [{ createdAt: { lt: after.at } }, { createdAt: after.at, id: { lt: after.id } }] } : {}),
  };
  const rows = await db.poliRequest.findMany({
    where,
    include: REQUEST_VIEW_INCLUDE,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit + 1,
  });
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page.at(-1);
  return {
    data: page.map((r) => poliRequestView(r, now)),
    nextCursor: more && last ? encodeTimeCursor(last.createdAt, last.id) : null,
  };
}

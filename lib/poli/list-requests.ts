import { type Db, prisma, type Tx } from '../db/client';
import type { Prisma } from '../db/generated/client';
import type { PoliRequestStatus } from '../db/generated/enums';
import type { DomainContext } from '../domain/context';
import { decodeAfter, encodeAfter, keysetPage, keysetQuery } from '../domain/keyset';
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
  const where: Prisma.PoliRequestWhereInput = {
    companyId: ctx.companyId,
    status: input.status ?? { not: 'PENDING_VERIFICATION' },
  };
  const rows = await db.poliRequest.findMany({
    ...keysetQuery(where, { limit, after: decodeAfter(input.cursor) }, 'desc'),
    include: REQUEST_VIEW_INCLUDE,
  });
  const { items, next } = keysetPage(rows, limit, (r) => poliRequestView(r, now));
  return { data: items, nextCursor: encodeAfter(next) };
}

import { prisma } from '../db/client';
import type { VerbArgs } from '../domain/context';
import { ServiceError } from '../errors';
import { isUuid } from '../ids';
import { requireRole } from '../passport/transitions/result';
import { READ_ROLES } from './list-requests';
import { poliRequestView, REQUEST_VIEW_INCLUDE } from './request-view';

/** One of the tenant's access requests with its grants; another tenant's request is 404. */
export async function getPoliRequest({ ctx, input, db = prisma, now = new Date() }: VerbArgs<{ requestId: string }>) {
  requireRole(ctx, READ_ROLES, 'read access requests');
  if (!isUuid(input.requestId)) throw new ServiceError('INVALID_ID', 'The request id is not a valid UUID.');
  const row = await db.poliRequest.findFirst({
    where: { id: input.requestId, companyId: ctx.companyId },
    include: REQUEST_VIEW_INCLUDE,
  });
  if (!row) throw new ServiceError('NOT_FOUND', 'No such access request.');
  return poliRequestView(row, now);
}

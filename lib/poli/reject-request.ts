import { prisma } from '../db/client';
import { inTransaction } from '../db/transaction';
import { portalUserId, type VerbArgs } from '../domain/context';
import { queueEmail } from '../email/outbox';
import { rejectedEmail } from '../email/templates/poli';
import { ServiceError } from '../errors';
import { REVIEW_ROLES, requireRole } from '../passport/transitions/result';
import { auditPoliRequest } from './audit';
import { loadPoliRequestForUpdate, requestLocaleOf, requireStatus } from './load-request';
import { poliRequestView, REQUEST_VIEW_INCLUDE } from './request-view';

export const MAX_REASON_LENGTH = 2000;

/** A reviewer declines a confirmed request; the reason goes to the requester by email. */
export async function rejectPoliRequest({
  ctx,
  input,
  db = prisma,
  now = new Date(),
}: VerbArgs<{ requestId: string; reason: string }>) {
  requireRole(ctx, REVIEW_ROLES, 'reject an access request');
  const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
  if (!reason)
    throw new ServiceError('VALIDATION_ERROR', 'A rejection needs a reason.', { details: { field: 'reason' } });
  if (reason.length > MAX_REASON_LENGTH) {
    throw new ServiceError('VALIDATION_ERROR', `The reason may have at most ${MAX_REASON_LENGTH} characters.`, {
      details: { field: 'reason' },
    });
  }
  return inTransaction(db, async (tx) => {
    const request = await loadPoliRequestForUpdate(tx, ctx, input.requestId);
    requireStatus(request, ['PENDING_REVIEW'], 'reject');
    const updated = await tx.poliRequest.update({
      where: { id: request.id },
      data: { status: 'REJECTED', decidedAt: now, decidedByUserId: portalUserId(ctx), rejectionReason: reason },
      include: REQUEST_VIEW_INCLUDE,
    });
    const mail = rejectedEmail({
      companyName: request.company.name,
      productName: request.product.name,
      name: request.name,
      reason,
      locale: requestLocaleOf(request),
    });
    await queueEmail(tx, { companyId: request.companyId, to: request.email, ...mail });
    // The reason may name the person; it stays on the request (erasable), not in the append-only audit row.
    await auditPoliRequest(tx, request, 'PoliRequestRejected', ctx.actor);
    return poliRequestView(updated, now);
  });
}

import { prisma } from '../db/client';
import { inTransaction } from '../db/transaction';
import { portalUserId, type VerbArgs } from '../domain/context';
import { queueEmail } from '../email/outbox';
import { approvedEmail } from '../email/templates/poli';
import { REVIEW_ROLES, requireRole } from '../passport/transitions/result';
import { auditPoliRequest } from './audit';
import { accessLink } from './links';
import { loadPoliRequestForUpdate, requestLocaleOf, requireStatus } from './load-request';
import { poliRequestView, REQUEST_VIEW_INCLUDE } from './request-view';
import { ACCESS_TOKEN_TTL_MS, issueToken, later } from './tokens';

/**
 * A reviewer grants a confirmed request: the requester gets a single-use access link (7 days) by email; opening
 * it gives one browser the restricted view of this passport at the request's tier.
 */
export async function approvePoliRequest({
  ctx,
  input,
  db = prisma,
  now = new Date(),
}: VerbArgs<{ requestId: string }>) {
  requireRole(ctx, REVIEW_ROLES, 'approve an access request');
  return inTransaction(db, async (tx) => {
    const request = await loadPoliRequestForUpdate(tx, ctx, input.requestId);
    requireStatus(request, ['PENDING_REVIEW'], 'approve');
    const token = issueToken();
    const updated = await tx.poliRequest.update({
      where: { id: request.id },
      data: {
        status: 'APPROVED',
        decidedAt: now,
        decidedByUserId: portalUserId(ctx),
        accessTokenHash: token.hash,
        accessTokenExpiresAt: later(now, ACCESS_TOKEN_TTL_MS),
        accessTokenUsedAt: null,
      },
      include: REQUEST_VIEW_INCLUDE,
    });
    const mail = approvedEmail({
      companyName: request.company.name,
      productName: request.product.name,
      name: request.name,
      link: accessLink(token.token),
      locale: requestLocaleOf(request),
    });
    await queueEmail(tx, { companyId: request.companyId, to: request.email, ...mail });
    await auditPoliRequest(tx, request, 'PoliRequestApproved', ctx.actor, { tier: request.tier });
    return poliRequestView(updated, now);
  });
}

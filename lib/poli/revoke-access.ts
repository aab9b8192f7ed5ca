import { prisma } from '../db/client';
import { inTransaction } from '../db/transaction';
import type { VerbArgs } from '../domain/context';
import { REVIEW_ROLES, requireRole } from '../passport/transitions/result';
import { auditPoliRequest } from './audit';
import { loadPoliRequestForUpdate, requireStatus } from './load-request';
import { poliRequestView, REQUEST_VIEW_INCLUDE } from './request-view';

/**
 * Ends an approved access: every browser session of the request stops at once and an unused access link stops
 * working. The request stays as REVOKED (a new request starts over).
 */
export async function revokePoliAccess({ ctx, input, db = prisma, now = new Date() }: VerbArgs<{ requestId: string }>) {
  requireRole(ctx, REVIEW_ROLES, 'revoke restricted access');
  return inTransaction(db, async (tx) => {
    const request = await loadPoliRequestForUpdate(tx, ctx, input.requestId);
    requireStatus(request, ['APPROVED'], 'revoke');
    const grants = await tx.poliGrant.updateMany({
      where: { requestId: request.id, companyId: ctx.companyId, revokedAt: null },
      data: { revokedAt: now },
    });
    const updated = await tx.poliRequest.update({
      where: { id: request.id },
      data: {
        status: 'REVOKED',
        accessTokenHash: null,
        ...(request.accessTokenUsedAt ? {} : { accessTokenExpiresAt: null }),
      },
      include: REQUEST_VIEW_INCLUDE,
    });
    await auditPoliRequest(tx, request, 'PoliAccessRevoked', ctx.actor, { grantsRevoked: grants.count });
    return poliRequestView(updated, now);
  });
}

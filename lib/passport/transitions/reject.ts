import { prisma } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { VerbArgs } from '../../domain/context';
import { ServiceError } from '../../errors';
import { loadProductForUpdate, requireState } from './load';
import { recordProductChange } from './record';
import { lifecycleResult, REVIEW_ROLES, requireRole } from './result';

/** A reviewer sends a submitted passport back to draft with a reason the integrator can read. */
export async function rejectProduct({ ctx, input, db = prisma }: VerbArgs<{ productId: string; reason: string }>) {
  requireRole(ctx, REVIEW_ROLES, 'reject a passport');
  const reason = input.reason?.trim();
  if (!reason)
    throw new ServiceError('VALIDATION_ERROR', 'A rejection needs a reason.', { details: { field: 'reason' } });
  return inTransaction(db, async (tx) => {
    const product = await loadProductForUpdate(tx, ctx, input.productId);
    requireState(product, ['SUBMITTED'], 'reject');
    const updated = await tx.product.update({
      where: { id: product.id },
      data: { state: 'DRAFT', rejectionReason: reason, lockVersion: { increment: 1 }, reviewImportId: null },
    });
    await recordProductChange(tx, ctx, product, 'Reject', { reason }, { 'product.rejected': { reason } });
    return lifecycleResult(updated);
  });
}

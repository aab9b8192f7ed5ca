import { setProductStatus } from '../../credentials/status';
import { prisma } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { VerbArgs } from '../../domain/context';
import { markRegistrationDue } from '../../registry/queue';
import { refreshPublicDocument } from '../public/representations';
import { loadProductForUpdate, requireState } from './load';
import { recordProductChange } from './record';
import { requireNotRecycled } from './recycle';
import { lifecycleResult, REVIEW_ROLES, requireRole } from './result';

/** Withdrawn or deprecated → published again at the same version; the withdrawal is kept in the audit trail. */
export async function reinstateProduct({
  ctx,
  input,
  db = prisma,
}: VerbArgs<{ productId: string; reason?: string | null }>) {
  requireRole(ctx, REVIEW_ROLES, 'reinstate a passport');
  return inTransaction(db, async (tx) => {
    const product = await loadProductForUpdate(tx, ctx, input.productId);
    requireNotRecycled(product);
    requireState(product, ['WITHDRAWN', 'DEPRECATED'], 'reinstate');
    const updated = await tx.product.update({
      where: { id: product.id },
      data: {
        state: 'APPROVED',
        withdrawnAt: null,
        withdrawalReason: null,
        withdrawalOperatorDetails: null,
        withdrawalManufacturerContact: null,
        successorId: null,
        deprecatedAt: null,
        lockVersion: { increment: 1 },
      },
    });
    // A deprecated passport's credentials are suspended: lifted in the same commit. A withdrawn one's stay revoked.
    if (product.state === 'DEPRECATED') await setProductStatus(tx, product, 'suspension', false);
    // The EU registry's record reads active again (the registry worker sends it after this commit).
    await markRegistrationDue(tx, product);
    // Served again: its public documents are written in the same commit.
    await refreshPublicDocument(tx, product.slug);
    const context = { from: product.state, reason: input.reason?.trim() || null };
    await recordProductChange(tx, ctx, product, 'Reinstate', context, { 'product.reinstated': {} });
    return lifecycleResult(updated);
  });
}

import { setProductStatus } from '../../credentials/status';
import { prisma } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { VerbArgs } from '../../domain/context';
import { markRegistrationDue } from '../../registry/queue';
import { loadProductForUpdate, requireState } from './load';
import { recordProductChange } from './record';
import { requireNotRecycled } from './recycle';
import { lifecycleResult, REVIEW_ROLES, requireRole } from './result';

/** Published → deprecated: no longer served publicly (404), kept for reinstatement. */
export async function deprecateProduct({
  ctx,
  input,
  db = prisma,
}: VerbArgs<{ productId: string; reason?: string | null }>) {
  requireRole(ctx, REVIEW_ROLES, 'deprecate a passport');
  return inTransaction(db, async (tx) => {
    const product = await loadProductForUpdate(tx, ctx, input.productId);
    requireNotRecycled(product);
    requireState(product, ['APPROVED'], 'deprecate');
    const updated = await tx.product.update({
      where: { id: product.id },
      data: { state: 'DEPRECATED', deprecatedAt: new Date(), lockVersion: { increment: 1 } },
    });
    // Its credentials are suspended in the same commit; reinstating lifts the suspension.
    await setProductStatus(tx, product, 'suspension', true);
    // The EU registry's record follows (the registry worker sends it after this commit).
    await markRegistrationDue(tx, product);
    const context = { reason: input.reason?.trim() || null };
    await recordProductChange(tx, ctx, product, 'Deprecate', context, { 'product.deprecated': {} });
    return lifecycleResult(updated);
  });
}

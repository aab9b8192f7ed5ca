import { prisma } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { VerbArgs } from '../../domain/context';
import { loadProductForUpdate, requireState } from './load';
import { recordProductChange } from './record';
import { requireNotRecycled } from './recycle';
import { lifecycleResult, requireRole } from './result';

/** The roles that may open a revision (the portal shows the action to these). */
export const REVISION_ROLES = ['ADMIN', 'EDITOR', 'REVIEWER', 'System'];

/**
 * Opens a revision of a published passport: it becomes an editable draft and stays public at its last version.
 * Integrations learn of it as `product.updated` (its state is now draft again).
 */
export async function startRevision({ ctx, input, db = prisma }: VerbArgs<{ productId: string }>) {
  requireRole(ctx, REVISION_ROLES, 'start a revision');
  return inTransaction(db, async (tx) => {
    const product = await loadProductForUpdate(tx, ctx, input.productId);
    requireNotRecycled(product);
    requireState(product, ['APPROVED'], 'revise');
    const updated = await tx.product.update({
      where: { id: product.id },
      data: { state: 'DRAFT', lockVersion: { increment: 1 } },
    });
    const context = { fromVersion: product.version };
    const data = { slug: product.slug, state: 'draft', revisionOf: product.version };
    await recordProductChange(tx, ctx, product, 'StartRevision', context, { 'product.updated': data });
    return lifecycleResult(updated);
  });
}

import { type Db, prisma, type Tx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { writeAudit } from '../../domain/audit';
import type { DomainContext } from '../../domain/context';
import { emitEvent } from '../../webhooks/events';
import { loadProductForUpdate, requireState } from './load';
import { lifecycleResult, requireRole } from './result';

/** The roles that may open a revision (the portal shows the action to these). */
export const REVISION_ROLES = ['ADMIN', 'EDITOR', 'REVIEWER', 'System'];

/**
 * Opens a revision of a published passport: it becomes an editable draft and stays public at its last version.
 * Integrations learn of it as `product.updated` (its state is now draft again).
 */
export async function startRevision({
  ctx,
  input,
  db = prisma,
}: {
  ctx: DomainContext;
  input: { productId: string };
  db?: Db | Tx;
}) {
  requireRole(ctx, REVISION_ROLES, 'start a revision');
  return inTransaction(db, async (tx) => {
    const product = await loadProductForUpdate(tx, ctx, input.productId);
    requireState(product, ['APPROVED'], 'revise');
    const updated = await tx.product.update({
      where: { id: product.id },
      data: { state: 'DRAFT', lockVersion: { increment: 1 } },
    });
    await writeAudit(tx, {
      companyId: product.companyId,
      productId: product.id,
      eventType: 'StartRevision',
      actor: ctx.actor,
      context: { fromVersion: product.version },
    });
    const data = { productId: product.id, slug: product.slug, state: 'draft', revisionOf: product.version };
    await emitEvent(tx, { companyId: product.companyId, mode: product.mode, type: 'product.updated', data });
    return lifecycleResult(updated);
  });
}

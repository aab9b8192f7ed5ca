import { prisma, type Db, type Tx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { DomainContext } from '../../domain/context';
import { writeAudit } from '../../domain/audit';
import { loadProductForUpdate, requireState } from './load';
import { lifecycleResult, requireRole } from './result';

/** Opens a revision of a published passport: it becomes an editable draft and stays public at its last version. */
export async function startRevision({ ctx, input, db = prisma }: { ctx: DomainContext; input: { productId: string }; db?: Db | Tx }) {
  requireRole(ctx, ['ADMIN', 'EDITOR', 'REVIEWER', 'System'], 'start a revision');
  return inTransaction(db, async (tx) => {
    const product = await loadProductForUpdate(tx, ctx, input.productId);
    requireState(product, ['APPROVED'], 'revise');
    const updated = await tx.product.update({
      where: { id: product.id },
      data: { state: 'DRAFT', lockVersion: { increment: 1 } },
    });
    await writeAudit(tx, { companyId: product.companyId, productId: product.id, eventType: 'StartRevision', actor: ctx.actor, context: { fromVersion: product.version } });
    return lifecycleResult(updated);
  });
}

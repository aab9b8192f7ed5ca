import type { Db, Tx } from '../../db/client';
import type { Prisma } from '../../db/generated/client';
import type { Mode } from '../../db/generated/enums';
import type { DomainContext } from '../../domain/context';
import { ServiceError } from '../../errors';
import { requireNotDemo } from '../drafts/guards';
import { FROZEN_STATES } from '../states';
import { loadProductForUpdate } from '../transitions/load';
import { recordProductChange } from '../transitions/record';
import { requireRole } from '../transitions/result';

/** Who may change a product's traceability and components: editors, admins and Integration keys. */
export const RELATION_WRITER_ROLES = ['ADMIN', 'EDITOR', 'Integration', 'System'];

export function requireRelationWriter(ctx: DomainContext, action: string): void {
  requireRole(ctx, RELATION_WRITER_ROLES, action);
}

/**
 * The tenant's product, locked for the rest of the transaction, that may still be changed: demo passports are
 * read-only (422 DEMO_PRODUCT) and submitted, published, withdrawn or deprecated ones are frozen (409).
 */
export async function loadEditableProduct(tx: Tx, ctx: DomainContext, productId: string) {
  const product = await loadProductForUpdate(tx, ctx, productId);
  requireNotDemo(product);
  if (FROZEN_STATES.has(product.state)) {
    throw new ServiceError(
      'PRODUCT_FROZEN',
      `A product in state ${product.state} cannot be changed; only drafts can.`,
      {
        details: { state: product.state },
      },
    );
  }
  return product;
}

/**
 * A draft's components or traceability changed: the product is touched (the passport's content changed, so list
 * syncs by `updatedAt` must see it; lockVersion stays), audited as an Update and announced as `product.updated`
 * naming what changed.
 */
export async function recordRelationChange(
  tx: Tx,
  ctx: DomainContext,
  product: { id: string; companyId: string; mode: Mode },
  change: 'components' | 'traceability',
  context: Prisma.InputJsonObject,
): Promise<void> {
  await tx.product.update({ where: { id: product.id }, data: { updatedAt: new Date() } });
  await recordProductChange(tx, ctx, product, 'Update', context, { 'product.updated': { change, ...context } });
}

/** The tenant's product in the caller's mode, for reads; anything else is 404 exactly like an unknown id. */
export async function findVisibleProduct(db: Db | Tx, ctx: DomainContext, productId: string) {
  const product = await db.product.findFirst({
    where: { id: productId, companyId: ctx.companyId, ...(ctx.mode ? { mode: ctx.mode } : {}) },
    select: { id: true, mode: true },
  });
  if (!product) throw new ServiceError('NOT_FOUND', 'No such product.');
  return product;
}

import type { Tx } from '../../db/client';
import type { ProductState } from '../../db/generated/enums';
import type { DomainContext } from '../../domain/context';
import { ServiceError } from '../../errors';
import { isUuid } from '../../ids';

/**
 * Loads the tenant's product and locks its row for the rest of the transaction, so concurrent transitions
 * (two approvals, say) run one after the other and versions never collide. Another tenant's product is 404.
 */
export async function loadProductForUpdate(tx: Tx, ctx: DomainContext, productId: string) {
  if (!isUuid(productId)) throw new ServiceError('INVALID_ID', 'The product id is not a valid UUID.');
  const locked = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Product" WHERE "id" = ${productId}::uuid AND "companyId" = ${ctx.companyId}::uuid FOR UPDATE`;
  if (locked.length === 0) throw new ServiceError('NOT_FOUND', 'No such product.');
  const product = await tx.product.findUniqueOrThrow({
    where: { id: productId },
    include: { company: true, category: true },
  });
  if (ctx.mode && product.mode !== ctx.mode) throw new ServiceError('NOT_FOUND', 'No such product.');
  return product;
}

/** 409 INVALID_STATE with reason INVALID_TRANSITION unless the product is in one of `allowed`. */
export function requireState(product: { state: ProductState }, allowed: ProductState[], action: string): void {
  if (!allowed.includes(product.state)) {
    throw new ServiceError('INVALID_STATE', `Cannot ${action} a product in state ${product.state}.`, {
      reason: 'INVALID_TRANSITION',
      details: { state: product.state, allowedStates: allowed },
    });
  }
}

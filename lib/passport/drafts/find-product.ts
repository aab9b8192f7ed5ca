import type { Db, Tx } from '../../db/client';
import type { DomainContext } from '../../domain/context';
import { ServiceError } from '../../errors';
import { isUuid } from '../../ids';
import { PRODUCT_INCLUDE, type ProductRow } from './product-view';

/**
 * The tenant's product for a read: another company's product, or one of the other mode (a sandbox key asking for
 * live data), is 404 exactly like an unknown id.
 */
export async function getProductOrThrow(db: Db | Tx, ctx: DomainContext, productId: string): Promise<ProductRow> {
  if (!isUuid(productId)) throw new ServiceError('INVALID_ID', 'The product id is not a valid UUID.');
  const product = await db.product.findFirst({
    where: { id: productId, companyId: ctx.companyId, ...(ctx.mode ? { mode: ctx.mode } : {}) },
    include: PRODUCT_INCLUDE,
  });
  if (!product) throw new ServiceError('NOT_FOUND', 'No such product.');
  return product;
}

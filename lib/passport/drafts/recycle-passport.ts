import { prisma } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { VerbArgs } from '../../domain/context';
import { loadProductForUpdate } from '../transitions/load';
import { RECYCLE_ROLES, type RecycleInput, recycleProduct } from '../transitions/recycle';
import { requireRole } from '../transitions/result';
import { requireNotDemo } from './guards';
import { PRODUCT_INCLUDE, type ProductRow } from './product-view';

/** The shared end-of-life verb, refusing the seeded demo passports first; answers the recycled product. */
export async function recyclePassport({ ctx, input, db = prisma }: VerbArgs<RecycleInput>): Promise<ProductRow> {
  requireRole(ctx, RECYCLE_ROLES, 'mark a battery recycled');
  return inTransaction(db, async (tx) => {
    requireNotDemo(await loadProductForUpdate(tx, ctx, input.productId));
    await recycleProduct({ ctx, input, db: tx });
    return tx.product.findUniqueOrThrow({ where: { id: input.productId }, include: PRODUCT_INCLUDE });
  });
}

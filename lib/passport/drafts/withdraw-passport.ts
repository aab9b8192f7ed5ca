import { prisma } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { VerbArgs } from '../../domain/context';
import { loadProductForUpdate } from '../transitions/load';
import { requireRole } from '../transitions/result';
import { WITHDRAW_ROLES, type WithdrawInput, withdrawProduct } from '../transitions/withdraw';
import { requireNotDemo } from './guards';
import { PRODUCT_INCLUDE, type ProductRow } from './product-view';

/** The shared withdraw verb, refusing the seeded demo passports first; answers the withdrawn product. */
export async function withdrawPassport({ ctx, input, db = prisma }: VerbArgs<WithdrawInput>): Promise<ProductRow> {
  requireRole(ctx, WITHDRAW_ROLES, 'withdraw a passport');
  return inTransaction(db, async (tx) => {
    requireNotDemo(await loadProductForUpdate(tx, ctx, input.productId));
    await withdrawProduct({ ctx, input, db: tx });
    return tx.product.findUniqueOrThrow({ where: { id: input.productId }, include: PRODUCT_INCLUDE });
  });
}

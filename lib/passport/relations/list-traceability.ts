import { prisma } from '../../db/client';
import type { VerbArgs } from '../../domain/context';
import { keysetPage, keysetQuery, type PageInput } from '../../domain/keyset';
import { findVisibleProduct } from './editable-product';
import { supplierSelect, traceabilityEntryView } from './views';

/** A product's supply-chain steps in the order they were recorded. */
export async function listTraceability({ ctx, input, db = prisma }: VerbArgs<{ productId: string } & PageInput>) {
  const product = await findVisibleProduct(db, ctx, input.productId);
  const rows = await db.traceabilityEntry.findMany({
    ...keysetQuery({ productId: product.id }, input),
    include: { supplier: supplierSelect },
  });
  return keysetPage(rows, input.limit, traceabilityEntryView);
}

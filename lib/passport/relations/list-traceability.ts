import { type Db, prisma, type Tx } from '../../db/client';
import type { DomainContext } from '../../domain/context';
import { findVisibleProduct } from './editable-product';
import { keysetOrder, keysetPage, keysetWhere, type PageInput } from './keyset';
import { supplierSelect, traceabilityEntryView } from './views';

/** A product's supply-chain steps in the order they were recorded. */
export async function listTraceability({
  ctx,
  input,
  db = prisma,
}: {
  ctx: DomainContext;
  input: { productId: string } & PageInput;
  db?: Db | Tx;
}) {
  const product = await findVisibleProduct(db, ctx, input.productId);
  const rows = await db.traceabilityEntry.findMany({
    where: { productId: product.id, ...keysetWhere(input.after) },
    include: { supplier: supplierSelect },
    orderBy: keysetOrder,
    take: input.limit + 1,
  });
  return keysetPage(rows, input.limit, traceabilityEntryView);
}

import { type Db, prisma, type Tx } from '../../db/client';
import type { DomainContext } from '../../domain/context';
import { findVisibleProduct } from './editable-product';
import { keysetOrder, keysetPage, keysetWhere, type PageInput } from './keyset';
import { componentChildSelect, componentView } from './views';

/** A product's direct components in the order they were added. */
export async function listComponents({
  ctx,
  input,
  db = prisma,
}: {
  ctx: DomainContext;
  input: { productId: string } & PageInput;
  db?: Db | Tx;
}) {
  const product = await findVisibleProduct(db, ctx, input.productId);
  const rows = await db.componentLink.findMany({
    where: { parentId: product.id, ...keysetWhere(input.after) },
    include: { child: componentChildSelect },
    orderBy: keysetOrder,
    take: input.limit + 1,
  });
  return keysetPage(rows, input.limit, componentView);
}

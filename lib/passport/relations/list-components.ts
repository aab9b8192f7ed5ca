import { prisma } from '../../db/client';
import type { VerbArgs } from '../../domain/context';
import { keysetPage, keysetQuery, type PageInput } from '../../domain/keyset';
import { findVisibleProduct } from './editable-product';
import { componentChildSelect, componentView } from './views';

/** A product's direct components in the order they were added. */
export async function listComponents({ ctx, input, db = prisma }: VerbArgs<{ productId: string } & PageInput>) {
  const product = await findVisibleProduct(db, ctx, input.productId);
  const rows = await db.componentLink.findMany({
    ...keysetQuery({ parentId: product.id }, input),
    include: { child: componentChildSelect },
  });
  return keysetPage(rows, input.limit, componentView);
}

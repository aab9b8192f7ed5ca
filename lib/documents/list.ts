import type { Db, Tx } from '../db/client';
import type { DomainContext } from '../domain/context';
import { decodeAfter, encodeAfter, keysetPage, keysetQuery } from '../domain/keyset';
import { getProductOrThrow } from '../passport/drafts/find-product';
import { requireDocumentsModule } from './access';
import { type DocumentView, documentView } from './view';

/** A product's documents, oldest first (createdAt, then id), one page at a time. */
export async function listDocuments(
  db: Db | Tx,
  ctx: DomainContext,
  productId: string,
  page: { limit: number; cursor?: string },
): Promise<{ data: DocumentView[]; nextCursor: string | null }> {
  await requireDocumentsModule(db, ctx.companyId);
  const product = await getProductOrThrow(db, ctx, productId);
  const after = decodeAfter(page.cursor);
  const rows = await db.document.findMany(
    keysetQuery({ productId: product.id, companyId: ctx.companyId }, { limit: page.limit, after }),
  );
  const { items, next } = keysetPage(rows, page.limit, documentView);
  return { data: items, nextCursor: encodeAfter(next) };
}

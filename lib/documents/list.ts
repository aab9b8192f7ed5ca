import type { Db, Tx } from '../db/client';
import type { DomainContext } from '../domain/context';
import { decodeTimeCursor, encodeTimeCursor } from '../domain/cursor';
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
  const after = decodeTimeCursor(page.cursor);
  const rows = await db.document.findMany({
    where: {
      productId: product.id,
      companyId: ctx.companyId,
      ...(after ? { OR: [{ createdAt: { gt: after.at } }, { createdAt: after.at, id: { gt: after.id } }] } : {}),
    },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: page.limit + 1,
  });
  const more = rows.length > page.limit;
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  return { data: items.map(documentView), nextCursor: more && last ? encodeTimeCursor(last.createdAt, last.id) : null };
}

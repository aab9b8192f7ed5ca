import type { z } from 'zod';
import type { Db, Tx } from '../../../db/client';
import type { ProductState } from '../../../db/generated/enums';
import type { DomainContext } from '../../../domain/context';
import { decodeTimeCursor, encodeTimeCursor } from '../../../domain/cursor';
import { listProducts } from '../../../passport/drafts/list-products';
import { productSummary } from '../../../passport/drafts/product-view';
import type { ResponseOf } from '../../endpoint';
import type { listProductsEndpoint } from './authoring';

type ListQuery = z.output<NonNullable<typeof listProductsEndpoint.query>>;

/** API and public state names both filter: `published` is APPROVED. */
export function statesOf(filter: string | undefined): ProductState[] | undefined {
  if (!filter) return undefined;
  const names = filter.split(',').map((s) => (s === 'published' ? 'APPROVED' : s.toUpperCase()) as ProductState);
  return [...new Set(names)];
}

/** The cursor is the last item's (updatedAt, id); anything else is refused like a cursor never handed out. */
function positionOf(cursor: string | undefined) {
  const position = decodeTimeCursor(cursor);
  return position && { updatedAt: position.at, id: position.id };
}

/** One page of `{ data, nextCursor }`; list items leave out formData to keep pages small. */
export async function listProductsPage(
  db: Db | Tx,
  ctx: DomainContext,
  query: ListQuery,
): Promise<ResponseOf<typeof listProductsEndpoint>> {
  const { items, next } = await listProducts({
    ctx,
    db,
    query: {
      states: statesOf(query.state),
      categoryCode: query.category,
      kind: query.kind,
      modelId: query.modelId,
      updatedSince: query.updatedSince ? new Date(query.updatedSince) : undefined,
      after: positionOf(query.cursor),
      limit: query.limit,
    },
  });
  return { data: items.map(productSummary), nextCursor: next ? encodeTimeCursor(next.updatedAt, next.id) : null };
}

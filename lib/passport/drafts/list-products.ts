import { type Db, prisma, type Tx } from '../../db/client';
import type { Prisma } from '../../db/generated/client';
import type { ProductState } from '../../db/generated/enums';
import type { DomainContext } from '../../domain/context';
import { pageOf } from '../../domain/keyset';
import { KIND_VALUE, type KindName } from '../models/model';
import { PRODUCT_INCLUDE, type ProductRow } from './product-view';

/** Where the previous page ended: the sort key of its last product. */
export interface ProductPosition {
  updatedAt: Date;
  id: string;
}

export interface ListProductsQuery {
  states?: ProductState[];
  categoryCode?: string;
  /** Only products of this kind (`model`, `item`, `standalone`). */
  kind?: KindName;
  /** Only the items of this model. */
  modelId?: string;
  /** Products changed at or after this instant. */
  updatedSince?: Date;
  after?: ProductPosition;
  limit: number;
}

/**
 * One page of the tenant's products of the caller's mode, oldest change first (updatedAt, then id), so a sync
 * that remembers the last position never misses or repeats a product that did not change again.
 */
export async function listProducts({
  ctx,
  query,
  db = prisma,
}: {
  ctx: DomainContext;
  query: ListProductsQuery;
  db?: Db | Tx;
}) {
  const where: Prisma.ProductWhereInput = {
    companyId: ctx.companyId,
    ...(ctx.mode ? { mode: ctx.mode } : {}),
    ...(query.states ? { state: { in: query.states } } : {}),
    ...(query.categoryCode ? { category: { code: query.categoryCode } } : {}),
    ...(query.kind ? { kind: KIND_VALUE[query.kind] } : {}),
    ...(query.modelId ? { modelId: query.modelId } : {}),
    ...(query.updatedSince ? { updatedAt: { gte: query.updatedSince } } : {}),
  };
  const after = query.after;
  const page = after
    ? { OR: [{ updatedAt: { gt: after.updatedAt } }, { updatedAt: after.updatedAt, id: { gt: after.id } }] }
    : {};
  const rows: ProductRow[] = await db.product.findMany({
    where: { AND: [where, page] },
    include: PRODUCT_INCLUDE,
    orderBy: [{ updatedAt: 'asc' }, { id: 'asc' }],
    take: query.limit + 1,
  });
  return pageOf(rows, query.limit, (last): ProductPosition => ({ updatedAt: last.updatedAt, id: last.id }));
}

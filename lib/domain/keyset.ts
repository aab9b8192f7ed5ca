import { decodeTimeCursor, encodeTimeCursor } from './cursor';

/** Keyset paging by (createdAt, id): stable while rows are added, whatever their number. */
export interface After {
  createdAt: Date;
  id: string;
}

export interface PageInput {
  limit: number;
  /** Where the previous page ended: its last item's (createdAt, id). */
  after?: After;
}

export interface Page<T> {
  items: T[];
  /** The sort key of the last item served when more follow; null on the last page. */
  next: After | null;
}

/** Oldest first, or newest first. */
type Direction = 'asc' | 'desc';

/** The rows past `after` in the listing's direction; no condition on the first page. */
export function keysetWhere(after: After | undefined, direction: Direction = 'asc') {
  if (!after) return {};
  const past = direction === 'asc' ? 'gt' : 'lt';
  return { OR: [{ createdAt: { [past]: after.createdAt } }, { createdAt: after.createdAt, id: { [past]: after.id } }] };
}

/**
 * The findMany arguments of one page: the caller's filter narrowed to the rows past `page.after`, in key order,
 * one row more than the page (it only tells that another page exists).
 */
export function keysetQuery<W extends object>(where: W, page: PageInput, direction: Direction = 'asc') {
  return {
    where: { AND: [where, keysetWhere(page.after, direction)] },
    orderBy: [{ createdAt: direction }, { id: direction }],
    take: page.limit + 1,
  };
}

/** Rows fetched with `take: limit + 1` and any sort key: the page, and the key of its last row when more follow. */
export function pageOf<R, K>(rows: R[], limit: number, keyOf: (row: R) => K): { items: R[]; next: K | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, next: rows.length > limit && last !== undefined ? keyOf(last) : null };
}

export const afterOf = (row: After): After => ({ createdAt: row.createdAt, id: row.id });

/** A page of a keysetQuery, each row shown through `view`. */
export function keysetPage<R extends After, T>(rows: R[], limit: number, view: (row: R) => T): Page<T> {
  const { items, next } = pageOf(rows, limit, afterOf);
  return { items: items.map((row) => view(row)), next };
}

/** The position an opaque cursor (see encodeAfter) names; undefined for the first page. */
export function decodeAfter(cursor: string | undefined): After | undefined {
  const at = decodeTimeCursor(cursor);
  return at && { createdAt: at.at, id: at.id };
}

export const encodeAfter = (next: After | null): string | null =>
  next ? encodeTimeCursor(next.createdAt, next.id) : null;

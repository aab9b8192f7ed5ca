/** Keyset paging by (createdAt, id): stable while rows are added, whatever their number. */
export interface After {
  createdAt: Date;
  id: string;
}

export interface PageInput {
  limit: number;
  after?: After;
}

export interface Page<T> {
  items: T[];
  /** The sort key of the last item served when more follow; null on the last page. */
  next: After | null;
}

export const keysetOrder = [{ createdAt: 'asc' as const }, { id: 'asc' as const }];

export function keysetWhere(after: After | undefined) {
  if (!after) return {};
  return { OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }] };
}

/** Rows fetched with `take: limit + 1`: the extra row only tells that another page exists. */
export function keysetPage<R extends After, T>(rows: R[], limit: number, view: (row: R) => T): Page<T> {
  const served = rows.slice(0, limit);
  const last = served[served.length - 1];
  return {
    items: served.map(view),
    next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null,
  };
}

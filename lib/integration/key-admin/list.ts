import { type Db, prisma, type Tx } from '../../db/client';
import type { Mode } from '../../db/generated/enums';
import type { DomainContext } from '../../domain/context';
import { requireKeyAdmin, tenantKeys } from './find';
import { KEY_VIEW_SELECT, type KeyStatus, keyView, statusWhere } from './view';

export interface ListKeysQuery {
  status?: KeyStatus;
  mode?: Mode;
  /** Where the previous page ended: its last key's (createdAt, id). */
  after?: { createdAt: Date; id: string };
  limit: number;
}

/** One page of the company's keys, oldest first (createdAt, then id), as views. */
export async function listKeys({
  ctx,
  query,
  db = prisma,
  now = new Date(),
}: {
  ctx: DomainContext;
  query: ListKeysQuery;
  db?: Db | Tx;
  now?: Date;
}) {
  requireKeyAdmin(ctx, 'list API keys');
  const after = query.after;
  const rows = await db.apiKey.findMany({
    where: {
      AND: [
        tenantKeys(ctx),
        query.mode ? { mode: query.mode } : {},
        query.status ? statusWhere(query.status, now) : {},
        after
          ? { OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }] }
          : {},
      ],
    },
    select: KEY_VIEW_SELECT,
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: query.limit + 1,
  });
  const more = rows.length > query.limit;
  const items = more ? rows.slice(0, query.limit) : rows;
  const last = items.at(-1);
  return {
    items: items.map((row) => keyView(row, now)),
    next: more && last ? { createdAt: last.createdAt, id: last.id } : null,
  };
}

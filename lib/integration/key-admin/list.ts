import { type Db, prisma, type Tx } from '../../db/client';
import type { Prisma } from '../../db/generated/client';
import type { Mode } from '../../db/generated/enums';
import type { DomainContext } from '../../domain/context';
import { keysetPage, keysetQuery, type PageInput } from '../../domain/keyset';
import { requireKeyAdmin, tenantKeys } from './find';
import { KEY_VIEW_SELECT, type KeyStatus, keyView, statusWhere } from './view';

export interface ListKeysQuery extends PageInput {
  status?: KeyStatus;
  mode?: Mode;
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
  const filter: Prisma.ApiKeyWhereInput = {
    AND: [tenantKeys(ctx), query.mode ? { mode: query.mode } : {}, query.status ? statusWhere(query.status, now) : {}],
  };
  const rows = await db.apiKey.findMany({ ...keysetQuery(filter, query), select: KEY_VIEW_SELECT });
  return keysetPage(rows, query.limit, (row) => keyView(row, now));
}

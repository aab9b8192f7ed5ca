import { type Db, prisma, type Tx } from '../../db/client';
import type { DomainContext } from '../../domain/context';
import { pageOf } from '../../domain/keyset';
import { MAPPING_INCLUDE, type MappingRow } from './view';

export interface ListMappingsQuery {
  categoryCode?: string;
  /** Where the previous page ended: its last mapping's name and id. */
  after?: { name: string; id: string };
  limit: number;
}

/** One page of the company's mappings by name (then id), so a page boundary never repeats or skips one. */
export async function listMappings({
  ctx,
  query,
  db = prisma,
}: {
  ctx: DomainContext;
  query: ListMappingsQuery;
  db?: Db | Tx;
}) {
  const after = query.after;
  const rows: MappingRow[] = await db.erpMapping.findMany({
    where: {
      companyId: ctx.companyId,
      ...(query.categoryCode ? { category: { code: query.categoryCode } } : {}),
      ...(after ? { OR: [{ name: { gt: after.name } }, { name: after.name, id: { gt: after.id } }] } : {}),
    },
    include: MAPPING_INCLUDE,
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    take: query.limit + 1,
  });
  return pageOf(rows, query.limit, (last) => ({ name: last.name, id: last.id }));
}

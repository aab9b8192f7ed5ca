import type { z } from 'zod';
import type { Db, Tx } from '../../../db/client';
import type { Prisma } from '../../../db/generated/client';
import type { DomainContext } from '../../../domain/context';
import { decodeKeyedCursor, encodeCursor } from '../../../domain/cursor';
import type { Supplier, SupplierPage } from './shapes';

/** Suppliers a company may reference: its own, and those another company shared with it through a link. */
export const accessibleSuppliers = (companyId: string): Prisma.SupplierWhereInput => ({
  OR: [{ companyId }, { links: { some: { companyId } } }],
});

function afterCursor(cursor: string | undefined): Prisma.SupplierWhereInput {
  if (cursor === undefined) return {};
  const { key: name, id } = decodeKeyedCursor(cursor);
  return { OR: [{ name: { gt: name } }, { name, id: { gt: id } }] };
}

/** One page ordered by name then id; the cursor is the (name, id) of the last supplier served. */
export async function listSupplierPage({
  ctx,
  db,
  query,
}: {
  ctx: DomainContext;
  db: Db | Tx;
  query: { limit: number; cursor?: string };
}): Promise<z.infer<typeof SupplierPage>> {
  const rows = await db.supplier.findMany({
    where: { AND: [accessibleSuppliers(ctx.companyId), afterCursor(query.cursor)] },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    take: query.limit + 1,
    select: { id: true, companyId: true, name: true, country: true, identifier: true, contactEmail: true },
  });
  const served = rows.slice(0, query.limit);
  const last = served.at(-1);
  const data: z.infer<typeof Supplier>[] = served.map((s) => ({
    id: s.id,
    name: s.name,
    country: s.country,
    identifier: s.identifier,
    contactEmail: s.contactEmail,
    owned: s.companyId === ctx.companyId,
  }));
  return { data, nextCursor: rows.length > query.limit && last ? encodeCursor([last.name, last.id]) : null };
}

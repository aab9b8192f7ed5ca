import { type Db, prisma, type Tx } from '../../db/client';
import type { DomainContext } from '../../domain/context';
import { keysetOrder, keysetPage, keysetWhere, type PageInput } from './keyset';
import { gs1PrefixView } from './views';

/** The company's GS1 Company Prefixes (company-wide: live and sandbox keys see the same list). */
export async function listGs1Prefixes({
  ctx,
  input,
  db = prisma,
}: {
  ctx: DomainContext;
  input: PageInput;
  db?: Db | Tx;
}) {
  const rows = await db.gs1Prefix.findMany({
    where: { companyId: ctx.companyId, ...keysetWhere(input.after) },
    orderBy: keysetOrder,
    take: input.limit + 1,
  });
  return keysetPage(rows, input.limit, gs1PrefixView);
}

import { prisma } from '../../db/client';
import type { VerbArgs } from '../../domain/context';
import { keysetPage, keysetQuery, type PageInput } from '../../domain/keyset';
import { gs1PrefixView } from './views';

/** The company's GS1 Company Prefixes (company-wide: live and sandbox keys see the same list). */
export async function listGs1Prefixes({ ctx, input, db = prisma }: VerbArgs<PageInput>) {
  const rows = await db.gs1Prefix.findMany(keysetQuery({ companyId: ctx.companyId }, input));
  return keysetPage(rows, input.limit, gs1PrefixView);
}

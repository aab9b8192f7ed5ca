import { type Db, prisma, type Tx } from '../../db/client';
import type { DomainContext } from '../../domain/context';
import { listMappings } from '../../erp/mappings/list-mappings';

const MAX_CHOICES = 200;

/**
 * What the upload form offers: the company's ERP mappings (by name) and its live battery models (by name), up to
 * 200 each; imports from the portal are live ones.
 */
export async function importChoices({ ctx, db = prisma }: { ctx: DomainContext; db?: Db | Tx }) {
  const [mappings, models] = await Promise.all([
    listMappings({ ctx, query: { limit: MAX_CHOICES }, db }),
    db.product.findMany({
      where: { companyId: ctx.companyId, kind: 'MODEL', mode: 'LIVE' },
      select: { id: true, name: true, gtin: true },
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
      take: MAX_CHOICES,
    }),
  ]);
  return {
    mappings: mappings.items.map((m) => ({ id: m.id, name: m.name, category: m.category.code })),
    models,
  };
}

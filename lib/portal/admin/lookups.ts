import { type Db, prisma } from '../../db/client';
import type { Mode } from '../../db/generated/enums';
import { isUuid } from '../../ids';

export interface ProductChoice {
  id: string;
  name: string;
  mode: Mode;
}

/** The company's most recently changed products, for pickers (more can be named by id). */
export function productChoices(companyId: string, limit = 100, db: Db = prisma): Promise<ProductChoice[]> {
  return db.product.findMany({
    where: { companyId },
    orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }],
    take: limit,
    select: { id: true, name: true, mode: true },
  });
}

/** Names of the company's products among `ids` (another company's id simply has no name here). */
export async function productNames(
  companyId: string,
  ids: readonly string[],
  db: Db = prisma,
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)].filter(isUuid);
  if (wanted.length === 0) return new Map();
  const rows = await db.product.findMany({
    where: { companyId, id: { in: wanted } },
    select: { id: true, name: true },
  });
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The key that replaced `keyId` by rotation, if any, within the company. */
export function successorOf(companyId: string, keyId: string, db: Db = prisma) {
  return db.apiKey.findFirst({ where: { companyId, rotatedFromId: keyId }, select: { id: true, displayPrefix: true } });
}

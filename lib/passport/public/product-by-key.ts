import { type Db, prisma, type Tx } from '../../db/client';
import type { Prisma } from '../../db/generated/client';
import type { ProductState } from '../../db/generated/enums';
import { isStorableText } from '../../storable-text';

/** How a public address names a passport: its slug, or a GTIN-14 with an optional serial, batch or both. */
export type PassportKey = { slug: string } | { gtin: string; serialNumber?: string; batchNumber?: string };

/** A select that can tell a model-level passport (no serial, no batch) from a serialised one. */
type KeySelect = Prisma.ProductSelect & { serialNumber: true; batchNumber: true };

/**
 * The live product a key names, with the caller's select. Sandbox passports are never public, so only live
 * products are looked up. The one place the key rules live: the pages, the JSON routes and the middleware's
 * noindex check all resolve a key through here.
 */
export async function findProductByKey<S extends KeySelect>(
  key: PassportKey,
  select: S,
  db: Db | Tx = prisma,
): Promise<Prisma.ProductGetPayload<{ select: S }> | null> {
  type Row = Prisma.ProductGetPayload<{ select: S }>;
  // A NUL or a lone surrogate (a decoded %00, %ED%A0%80) names nothing, and PostgreSQL would refuse the query.
  if (!Object.values(key).every((part) => part === undefined || isStorableText(part))) return null;
  if ('slug' in key)
    return (await db.product.findFirst({ where: { slug: key.slug, mode: 'LIVE' }, select })) as Row | null;
  const where: Prisma.ProductWhereInput = { gtin: key.gtin, mode: 'LIVE' };
  if (key.serialNumber !== undefined) {
    // `/10/{batch}/21/{serial}` names the serial's passport when it records that batch.
    const batch = key.batchNumber === undefined ? {} : { batchNumber: key.batchNumber };
    return (await db.product.findFirst({
      where: { ...where, serialNumber: key.serialNumber, ...batch },
      select,
    })) as Row | null;
  }
  if (key.batchNumber !== undefined) {
    return (await db.product.findFirst({
      where: { ...where, batchNumber: key.batchNumber, serialNumber: null },
      select,
    })) as Row | null;
  }
  // A bare GTIN names a model-level passport; failing that, the GTIN's only passport.
  const rows = (await db.product.findMany({
    where,
    select,
    take: 2,
    // A model shares its GTIN with its items: it sorts first (no serial, then no batch) so two rows always reach it.
    orderBy: [{ serialNumber: { sort: 'asc', nulls: 'first' } }, { batchNumber: { sort: 'asc', nulls: 'first' } }],
  })) as (Row & { serialNumber: string | null; batchNumber: string | null })[];
  const modelLevel = rows.find((r) => !r.serialNumber && !r.batchNumber);
  return modelLevel ?? (rows.length === 1 ? rows[0] : null);
}

export interface PassportState {
  state: ProductState;
  version: number;
}

/** Only the state and version of the product a key names: the light read the middleware's noindex check makes. */
export async function findPassportState(key: PassportKey): Promise<PassportState | null> {
  const row = await findProductByKey(key, { state: true, version: true, serialNumber: true, batchNumber: true });
  return row && { state: row.state, version: row.version };
}

/** A withdrawn passport's notice page stays reachable but out of search indexes. */
export function keptOutOfIndexes(state: PassportState | null): boolean {
  return state?.state === 'WITHDRAWN' && state.version >= 1;
}

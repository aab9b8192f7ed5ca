import type { Tx } from '../../db/client';
import type { Mode } from '../../db/generated/enums';
import { isUniqueViolation } from '../../db/transaction';
import type { DomainContext } from '../../domain/context';
import { ServiceError } from '../../errors';
import { normaliseGtin } from '../../gs1/gtin';

/** GS1 AI 21 and AI 10: 1 to 20 characters of GS1 character set 82. */
export const GS1_SERIAL = /^[!"%-?A-Z_a-z]{1,20}$/;
export const MAX_NAME = 200;

export interface Identity {
  name: string;
  gtin: string | null;
  serialNumber: string | null;
  batchNumber: string | null;
}

const invalid = (path: string, message: string) =>
  new ServiceError('VALIDATION_ERROR', message, { details: { issues: [{ path, code: 'invalid_value', message }] } });

export function validName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length < 1 || trimmed.length > MAX_NAME)
    throw invalid('name', `A product name has 1 to ${MAX_NAME} characters.`);
  return trimmed;
}

/** GTIN-8, -12, -13 or -14 with a correct check digit, stored as GTIN-14; null clears it. */
export function validGtin(gtin: string | null): string | null {
  if (gtin === null) return null;
  const gtin14 = normaliseGtin(gtin.trim());
  if (!gtin14) throw invalid('gtin', 'The GTIN must have 8, 12, 13 or 14 digits and a correct GS1 check digit.');
  return gtin14;
}

export function validQualifier(path: 'serialNumber' | 'batchNumber', value: string | null): string | null {
  if (value === null) return null;
  if (!GS1_SERIAL.test(value)) throw invalid(path, `The ${path} has 1 to 20 characters of GS1 character set 82.`);
  return value;
}

/** Refuses a name the company already uses in this mode (names are unique per company and mode). */
export async function requireNameFree(
  tx: Tx,
  ctx: DomainContext,
  mode: Mode,
  productId: string | null,
  name: string,
): Promise<void> {
  const notSelf = productId ? { id: { not: productId } } : {};
  const same = await tx.product.findFirst({
    where: { companyId: ctx.companyId, mode, name, ...notSelf },
    select: { id: true },
  });
  if (same)
    throw new ServiceError('NAME_IN_USE', 'Another product of this company already has this name.', {
      details: { field: 'name' },
    });
}

/**
 * Refuses a GTIN that another company uses, or one that would give one GS1 Digital Link address (GTIN + serial,
 * or GTIN + batch without serial, or the bare GTIN) to two products, in either mode.
 */
export async function requireGtinFree(
  tx: Tx,
  ctx: DomainContext,
  productId: string | null,
  id: Omit<Identity, 'name'>,
): Promise<void> {
  if (!id.gtin) return;
  // A GTIN's products are all of one company (this check keeps it so): any one of them tells whose it is, where
  // looking for one of another company would read every item of a model sharing the GTIN.
  const holder = await tx.product.findFirst({ where: { gtin: id.gtin }, select: { companyId: true } });
  if (holder && holder.companyId !== ctx.companyId) throw gtinInUse('This GTIN belongs to another company.');
  const notSelf = productId ? { id: { not: productId } } : {};
  const address = id.serialNumber
    ? { serialNumber: id.serialNumber }
    : { serialNumber: null, batchNumber: id.batchNumber };
  const same = await tx.product.findFirst({ where: { gtin: id.gtin, ...address, ...notSelf }, select: { id: true } });
  if (same) throw gtinInUse('Another product already has this GTIN with the same serial or batch number.');
}

/** What a new product's creation must know before it writes: its plan's limit and which of its identifiers are taken. */
export interface CreationChecks {
  /** The company's product limit (null: none). */
  maxProducts: number | null;
  nameTaken: boolean;
  gtinForeign: boolean;
  addressTaken: boolean;
  /** Whether the slug made from the name is taken already (claimSlug then adds a random suffix). */
  slugTaken: boolean;
}

/**
 * The checks of a creation in one query (every row of an import pays for them): the plan's limit, the name
 * (requireNameFree), the GTIN (requireGtinFree) and the slug the name would give. `refuseTaken` turns them into the
 * same refusals, in the same order, as the separate checks.
 */
export async function creationChecks(
  tx: Tx,
  ctx: DomainContext,
  mode: Mode,
  id: Identity,
  slug: string,
): Promise<CreationChecks> {
  const [checks] = await tx.$queryRaw<CreationChecks[]>`
    SELECT
      (SELECT "maxProducts" FROM "Company" WHERE "id" = ${ctx.companyId}::uuid) AS "maxProducts",
      EXISTS (SELECT 1 FROM "Product" WHERE "companyId" = ${ctx.companyId}::uuid AND "mode" = ${mode}::"Mode"
              AND "name" = ${id.name}) AS "nameTaken",
      EXISTS (SELECT 1 FROM (SELECT "companyId" FROM "Product" WHERE "gtin" = ${id.gtin} LIMIT 1) holder
              WHERE holder."companyId" <> ${ctx.companyId}::uuid) AS "gtinForeign",
      EXISTS (SELECT 1 FROM "Product" WHERE "gtin" = ${id.gtin}
              AND (CASE WHEN ${id.serialNumber}::text IS NOT NULL THEN "serialNumber" = ${id.serialNumber}
                        ELSE "serialNumber" IS NULL AND "batchNumber" IS NOT DISTINCT FROM ${id.batchNumber}::text END)) AS "addressTaken",
      EXISTS (SELECT 1 FROM "Product" WHERE "slug" = ${slug}) AS "slugTaken"`;
  return checks;
}

/** NAME_IN_USE or GTIN_IN_USE as requireNameFree and requireGtinFree would answer, from creationChecks. */
export function refuseTaken(checks: CreationChecks, id: Identity): void {
  if (checks.nameTaken)
    throw new ServiceError('NAME_IN_USE', 'Another product of this company already has this name.', {
      details: { field: 'name' },
    });
  if (!id.gtin) return;
  if (checks.gtinForeign) throw gtinInUse('This GTIN belongs to another company.');
  if (checks.addressTaken)
    throw gtinInUse('Another product already has this GTIN with the same serial or batch number.');
}

const gtinInUse = (message: string) => new ServiceError('GTIN_IN_USE', message, { details: { field: 'gtin' } });

/** A unique index that a concurrent write won first, as the 409 the pre-checks would have given. */
export function uniqueViolationAsConflict(error: unknown): unknown {
  if (!isUniqueViolation(error)) return error;
  const text = `${(error as Error).message} ${JSON.stringify((error as { meta?: unknown }).meta ?? {})}`;
  if (/gtin/i.test(text)) return gtinInUse('Another product already has this GTIN with the same serial number.');
  const field = /slug/i.test(text) ? 'slug' : 'name';
  return new ServiceError('NAME_IN_USE', `Another product already has this ${field}.`, { details: { field } });
}

import { type Db, prisma, type Tx } from '../../db/client';
import type { VerbArgs } from '../../domain/context';
import type { FieldError } from '../../schema/types';
import { missingMandatedFields, validateFormData } from '../../schema/validate';
import { loadCategorySchema } from '../schema-version';
import { getProductOrThrow } from './find-product';

export interface ReadinessReport {
  /** True when submission would pass its field checks: nothing mandated is missing and every value is valid. */
  ok: boolean;
  missing: FieldError[];
  invalid: FieldError[];
}

/** The field checks of submission, on the product's own schema version. */
export async function readinessOfProduct(
  db: Db | Tx,
  product: { categoryId: string; schemaVersion: number; formData: unknown },
): Promise<ReadinessReport> {
  const schema = await loadCategorySchema(db as Tx, product.categoryId, product.schemaVersion);
  const formData = product.formData as Record<string, unknown>;
  const missing = missingMandatedFields(schema, formData);
  const invalid = validateFormData(schema, formData);
  return { ok: missing.length === 0 && invalid.length === 0, missing, invalid };
}

export async function productReadiness({
  ctx,
  input,
  db = prisma,
}: VerbArgs<{ productId: string }>): Promise<ReadinessReport> {
  return readinessOfProduct(db, await getProductOrThrow(db, ctx, input.productId));
}

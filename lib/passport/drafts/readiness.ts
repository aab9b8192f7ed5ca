import { type Db, prisma, type Tx } from '../../db/client';
import type { DomainContext } from '../../domain/context';
import type { CategorySchema, FieldError } from '../../schema/types';
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
export function readinessOf(schema: CategorySchema, formData: Record<string, unknown>): ReadinessReport {
  const missing = missingMandatedFields(schema, formData);
  const invalid = validateFormData(schema, formData);
  return { ok: missing.length === 0 && invalid.length === 0, missing, invalid };
}

export async function productReadiness({
  ctx,
  input,
  db = prisma,
}: {
  ctx: DomainContext;
  input: { productId: string };
  db?: Db | Tx;
}): Promise<ReadinessReport> {
  const product = await getProductOrThrow(db, ctx, input.productId);
  const schema = await loadCategorySchema(db as Tx, product.categoryId, product.schemaVersion);
  return readinessOf(schema, product.formData as Record<string, unknown>);
}

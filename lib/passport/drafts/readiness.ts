import { type Db, prisma, type Tx } from '../../db/client';
import type { VerbArgs } from '../../domain/context';
import { modelsOwnErrors } from '../../schema/levels';
import type { FieldError } from '../../schema/types';
import { missingMandatedFields, validateFormData } from '../../schema/validate';
import { effectiveData, type MergeSubject, modelReference } from '../models/merge';
import { loadCategorySchema } from '../schema-version';
import { getProductOrThrow } from './find-product';

export interface ReadinessReport {
  /** True when submission would pass its field checks: nothing mandated is missing and every value is valid. */
  ok: boolean;
  missing: FieldError[];
  invalid: FieldError[];
  /** Items only: the model version whose fields were merged under the item's (null while none is published). */
  model?: { id: string; slug: string; name: string; version: number } | null;
}

type Subject = { categoryId: string; schemaVersion: number; formData: unknown } & Partial<
  Pick<MergeSubject, 'kind' | 'modelId'>
>;

/**
 * The field checks of submission, on the product's own schema version; an item is judged on its effective data
 * (its model's latest published fields overlaid with its own), and the report names that model version.
 */
export async function readinessOfProduct(db: Db | Tx, product: Subject): Promise<ReadinessReport> {
  const schema = await loadCategorySchema(db as Tx, product.categoryId, product.schemaVersion);
  const item = product.kind === 'ITEM';
  const { formData, model } = item
    ? await effectiveData(db, { kind: 'ITEM', modelId: product.modelId ?? null, ...product })
    : { formData: product.formData as Record<string, unknown>, model: null };
  const all = missingMandatedFields(schema, formData);
  // A model is judged on its own fields only: each item supplies the item-level ones.
  const missing = product.kind === 'MODEL' ? modelsOwnErrors(schema, all) : all;
  const invalid = validateFormData(schema, formData);
  const report = { ok: missing.length === 0 && invalid.length === 0, missing, invalid };
  return item ? { ...report, model: modelReference(model) } : report;
}

export async function productReadiness({
  ctx,
  input,
  db = prisma,
}: VerbArgs<{ productId: string }>): Promise<ReadinessReport> {
  return readinessOfProduct(db, await getProductOrThrow(db, ctx, input.productId));
}

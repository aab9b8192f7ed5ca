import type { Db, Tx } from '../../db/client';
import type { ProductKind } from '../../db/generated/enums';
import { ServiceError } from '../../errors';
import { mergeItemFields } from '../../schema/levels';
import { loadCategorySchema } from '../schema-version';
import { type PublishedModel, publishedModel } from './model';

/** The columns the merge reads of a product. */
export interface MergeSubject {
  kind: ProductKind;
  modelId: string | null;
  categoryId: string;
  schemaVersion: number;
  formData: unknown;
}

/** A product's effective form data and, for an item, the model version it is built on (null: none published yet). */
export interface EffectiveData {
  formData: Record<string, unknown>;
  model: PublishedModel | null;
}

/**
 * What a product's passport says: its own form data, or for an item the fields of its model's latest published
 * version overlaid with the item's own (lib/schema/levels.ts mergeItemFields). An item whose model has no
 * published version yet has only its own data.
 */
export async function effectiveData(db: Db | Tx, product: MergeSubject): Promise<EffectiveData> {
  const own = (product.formData ?? {}) as Record<string, unknown>;
  if (product.kind !== 'ITEM' || !product.modelId) return { formData: own, model: null };
  const model = await publishedModel(db, product.modelId);
  if (!model) return { formData: own, model: null };
  const schema = await loadCategorySchema(db, product.categoryId, product.schemaVersion);
  return { formData: mergeItemFields(schema, model.fields, own), model };
}

/** An item is submitted and published only on a published model: 422 SUBMIT_REJECTED otherwise. */
export function requireModelPublished(product: Pick<MergeSubject, 'kind'>, data: EffectiveData, action: string): void {
  if (product.kind === 'ITEM' && !data.model) {
    throw new ServiceError(
      'SUBMIT_REJECTED',
      `Cannot ${action} this item: its model must be published first (an item inherits the published model's data).`,
      { details: { reason: 'MODEL_NOT_PUBLISHED' } },
    );
  }
}

/** How a snapshot, a readiness report or a view names the model version an item was built on. */
export const modelReference = (model: PublishedModel | null) =>
  model ? { id: model.id, slug: model.slug, name: model.name, version: model.version } : null;

import type { Db, Tx } from '../../db/client';
import type { ProductKind } from '../../db/generated/enums';
import { latestRepublication, type RepublicationView } from './republication';

/** What a product's page shows of its model or its items. */
export interface ModelFamily {
  kind: ProductKind;
  /** An item's model, with the model version its latest published version was built on. */
  model: { id: string; name: string; modelVersion: number | null } | null;
  /** A model's items (all states). */
  itemCount: number | null;
  /** A model's latest re-publication of its items. */
  republication: RepublicationView | null;
}

export async function modelFamilyOf(
  db: Db | Tx,
  product: { id: string; companyId: string; kind: ProductKind; modelId: string | null; modelVersion: number | null },
): Promise<ModelFamily> {
  if (product.kind === 'ITEM' && product.modelId) {
    const model = await db.product.findFirst({
      where: { id: product.modelId, companyId: product.companyId },
      select: { id: true, name: true },
    });
    return {
      kind: product.kind,
      model: model && { ...model, modelVersion: product.modelVersion },
      itemCount: null,
      republication: null,
    };
  }
  if (product.kind !== 'MODEL') return { kind: product.kind, model: null, itemCount: null, republication: null };
  const [itemCount, republication] = await Promise.all([
    db.product.count({ where: { modelId: product.id, companyId: product.companyId } }),
    latestRepublication(db, product),
  ]);
  return { kind: product.kind, model: null, itemCount, republication };
}

import { prisma, type Tx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { VerbArgs } from '../../domain/context';
import { ServiceError } from '../../errors';
import { loadCategorySchema } from '../schema-version';
import { loadProductForUpdate, requireState } from '../transitions/load';
import { recordProductChange } from '../transitions/record';
import { requireRole } from '../transitions/result';
import { AUTHOR_ROLES } from './create-product';
import { requireLockVersion, requireNotDemo } from './guards';
import { PRODUCT_INCLUDE, type ProductRow } from './product-view';
import { judgeCompatibility } from './schema-compatibility';

export interface UpgradeSchemaInput {
  productId: string;
  lockVersion: number;
}

const refusedKind = (message: string, reason: string) =>
  new ServiceError('INVALID_STATE', message, { reason, details: { reason } });

/**
 * An item is merged with its model's published fields on the item's own schema version, so it follows its model;
 * a model's items would be judged on an older version than the fields it publishes, so a model moves only alone.
 */
async function requireMovableKind(tx: Tx, product: { id: string; kind: string }): Promise<void> {
  if (product.kind === 'ITEM') {
    throw refusedKind(
      "An item keeps its model's schema version: the model decides, and an item cannot move on its own.",
      'ITEM_FOLLOWS_MODEL',
    );
  }
  if (product.kind === 'MODEL' && (await tx.product.count({ where: { modelId: product.id } })) > 0) {
    throw refusedKind(
      'A model with items cannot move to a newer schema version: its items are built on its current version.',
      'MODEL_HAS_ITEMS',
    );
  }
}

/**
 * Moves a draft (a new one, or a revision of a published passport) to its category's current schema version, so
 * the fields that version adds (the commodity code of version 3) can be filled. The stored form data must be valid
 * on the new version: otherwise 422 FIELD_VALIDATION_ERROR lists what it refuses and nothing changes. Published
 * versions keep the schema version they were published on. A draft already on the current version is returned
 * unchanged (nothing written), so a retry is harmless.
 */
export async function upgradeSchemaVersion({
  ctx,
  input,
  db = prisma,
}: VerbArgs<UpgradeSchemaInput>): Promise<ProductRow> {
  requireRole(ctx, AUTHOR_ROLES, 'move a passport to a newer schema version');
  return inTransaction(db, async (tx) => {
    const product = await loadProductForUpdate(tx, ctx, input.productId);
    requireNotDemo(product);
    requireState(product, ['DRAFT'], 'move to a newer schema version');
    requireLockVersion(product, input.lockVersion);
    const from = product.schemaVersion;
    const to = product.category.currentSchemaVersion;
    if (to <= from) return tx.product.findUniqueOrThrow({ where: { id: product.id }, include: PRODUCT_INCLUDE });
    await requireMovableKind(tx, product);
    const { problems } = judgeCompatibility(await loadCategorySchema(tx, product.categoryId, to), product);
    if (problems.length > 0) {
      throw new ServiceError(
        'FIELD_VALIDATION_ERROR',
        `Schema version ${to} refuses ${problems.length} stored value(s) (${problems.map((e) => e.label).join(', ')}): ` +
          `correct them on version ${from} first; nothing was changed.`,
        { fieldErrors: problems },
      );
    }
    const updated = await tx.product.update({
      where: { id: product.id },
      data: { schemaVersion: to, lockVersion: { increment: 1 } },
      include: PRODUCT_INCLUDE,
    });
    const context = { fromSchemaVersion: from, toSchemaVersion: to };
    await recordProductChange(tx, ctx, product, 'SchemaUpgrade', context, {
      'product.updated': { members: ['schemaVersion'], ...context },
    });
    return updated;
  });
}

import { prisma, type Db, type Tx } from '../../db/client';
import type { Prisma } from '../../db/generated/client';
import { inTransaction } from '../../db/transaction';
import { writeAudit } from '../../domain/audit';
import type { DomainContext } from '../../domain/context';
import { emitEvent } from '../../webhooks/events';
import { loadCategorySchema } from '../schema-version';
import { loadProductForUpdate } from '../transitions/load';
import { requireRole } from '../transitions/result';
import { AUTHOR_ROLES } from './create-product';
import { applyFormData } from './form-data';
import { requireEditable, requireLockVersion } from './guards';
import { PRODUCT_INCLUDE, type ProductRow } from './product-view';

export interface PutFormDataInput {
  productId: string;
  formData: Record<string, unknown>;
  /** Optional optimistic lock: when given, a stale value is 409 LOCK_CONFLICT. */
  lockVersion?: number;
}

/**
 * Merges a batch of field values into a draft, validated against the product's own schema version and refused
 * whole on any problem. The audit row names the changed fields, never their values.
 */
export async function putFormData({ ctx, input, db = prisma }: { ctx: DomainContext; input: PutFormDataInput; db?: Db | Tx }): Promise<ProductRow> {
  requireRole(ctx, AUTHOR_ROLES, 'edit a passport');
  return inTransaction(db, async (tx) => {
    const product = await loadProductForUpdate(tx, ctx, input.productId);
    requireEditable(product);
    requireLockVersion(product, input.lockVersion);
    const schema = await loadCategorySchema(tx, product.categoryId, product.schemaVersion);
    const { formData, changed } = applyFormData(schema, product.formData as Record<string, unknown>, input.formData);
    if (changed.length === 0) return tx.product.findUniqueOrThrow({ where: { id: product.id }, include: PRODUCT_INCLUDE });
    const updated = await tx.product.update({
      where: { id: product.id },
      data: { formData: formData as Prisma.InputJsonObject, lockVersion: { increment: 1 } },
      include: PRODUCT_INCLUDE,
    });
    await writeAudit(tx, { companyId: product.companyId, productId: product.id, eventType: 'Update', actor: ctx.actor, context: { fields: changed } });
    await emitEvent(tx, { companyId: product.companyId, mode: product.mode, type: 'product.updated', data: { productId: product.id, fields: changed } });
    return updated;
  });
}

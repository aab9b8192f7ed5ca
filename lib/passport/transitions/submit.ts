import { prisma } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { VerbArgs } from '../../domain/context';
import { ServiceError } from '../../errors';
import { modelsOwnErrors } from '../../schema/levels';
import { missingMandatedFields } from '../../schema/validate';
import { effectiveData, requireModelPublished } from '../models/merge';
import { loadCategorySchema } from '../schema-version';
import { loadProductForUpdate, requireState } from './load';
import { recordProductChange } from './record';
import { lifecycleResult, requireRole } from './result';

/** Who submits a passport: editors and admins, integration keys, the system. */
export const SUBMIT_ROLES = ['ADMIN', 'EDITOR', 'Integration', 'System'];

/**
 * Draft → submitted, once every mandated field of the product's schema version holds a value. `reviewImportId`
 * names the import whose submission this is (the review queue groups its products).
 */
export async function submitProduct({
  ctx,
  input,
  db = prisma,
}: VerbArgs<{ productId: string; reviewImportId?: string }>) {
  requireRole(ctx, SUBMIT_ROLES, 'submit a passport');
  return inTransaction(db, async (tx) => {
    const product = await loadProductForUpdate(tx, ctx, input.productId);
    requireState(product, ['DRAFT'], 'submit');
    const schema = await loadCategorySchema(tx, product.categoryId, product.schemaVersion);
    const effective = await effectiveData(tx, product);
    requireModelPublished(product, effective, 'submit');
    const all = missingMandatedFields(schema, effective.formData);
    const missing = product.kind === 'MODEL' ? modelsOwnErrors(schema, all) : all;
    if (missing.length > 0) {
      throw new ServiceError(
        'SUBMIT_BLOCKED',
        `Missing mandated fields: ${missing.map((f) => f.field_id).join(', ')}.`,
        {
          details: { missingFields: missing },
        },
      );
    }
    const updated = await tx.product.update({
      where: { id: product.id },
      data: {
        state: 'SUBMITTED',
        submittedAt: new Date(),
        rejectionReason: null,
        lockVersion: { increment: 1 },
        // A submission on its own leaves any batch it once belonged to.
        reviewImportId: input.reviewImportId ?? null,
      },
    });
    await recordProductChange(tx, ctx, product, 'Submit', {}, { 'product.submitted': {} });
    return lifecycleResult(updated);
  });
}

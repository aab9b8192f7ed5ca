import { prisma } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { VerbArgs } from '../../domain/context';
import { ServiceError } from '../../errors';
import { loadProductForUpdate, requireState } from '../transitions/load';
import { requireRole } from '../transitions/result';
import { SUBMIT_ROLES, submitProduct } from '../transitions/submit';
import { gateOf } from './gate';
import { requireNotDemo } from './guards';
import { PRODUCT_INCLUDE, type ProductRow } from './product-view';

/**
 * Submission through the publication gate: a failing check other than missing fields (invalid stored values,
 * schema incompatibility, component graph, GTIN outside the company's prefixes) is 422 SUBMIT_REJECTED naming
 * the checks; then the shared submit verb, which answers SUBMIT_BLOCKED for missing mandated fields.
 */
export async function submitDraft({ ctx, input, db = prisma }: VerbArgs<{ productId: string }>): Promise<ProductRow> {
  requireRole(ctx, SUBMIT_ROLES, 'submit a passport');
  return inTransaction(db, async (tx) => {
    const product = await loadProductForUpdate(tx, ctx, input.productId);
    requireNotDemo(product);
    requireState(product, ['DRAFT'], 'submit');
    const gate = await gateOf(tx, product);
    const failed = gate.checks.filter(
      (c) => c.status === 'fail' && (c.id !== 'readiness' || gate.readiness.invalid.length > 0),
    );
    if (failed.length > 0) {
      throw new ServiceError(
        'SUBMIT_REJECTED',
        `The publication gate refused the submission: ${failed.map((c) => c.id).join(', ')}.`,
        {
          details: { failedChecks: failed },
        },
      );
    }
    await submitProduct({ ctx, input: { productId: product.id }, db: tx });
    return tx.product.findUniqueOrThrow({ where: { id: product.id }, include: PRODUCT_INCLUDE });
  });
}

import { setProductStatus } from '../../credentials/status';
import { prisma, type Tx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { DomainContext, VerbArgs } from '../../domain/context';
import { ServiceError } from '../../errors';
import { isUuid } from '../../ids';
import { markRegistrationDue } from '../../registry/queue';
import { refreshPublicDocument } from '../public/representations';
import { isPubliclyServed } from '../states';
import { loadProductForUpdate, requireState } from './load';
import { recordProductChange } from './record';
import { requireNotRecycled } from './recycle';
import { lifecycleResult, REVIEW_ROLES, requireRole } from './result';

export interface WithdrawInput {
  productId: string;
  reason: string;
  successorId?: string | null;
  operatorDetails?: string | null;
  manufacturerContact?: string | null;
}

/** Who withdraws a passport: the review roles, and integration keys. */
export const WITHDRAW_ROLES = [...REVIEW_ROLES, 'Integration'];

/** Published → withdrawn: public JSON answers 410 and pages show the notice, from this commit on. */
export async function withdrawProduct({ ctx, input, db = prisma }: VerbArgs<WithdrawInput>) {
  requireRole(ctx, WITHDRAW_ROLES, 'withdraw a passport');
  const reason = input.reason?.trim();
  if (!reason)
    throw new ServiceError('VALIDATION_ERROR', 'A withdrawal needs a reason.', { details: { field: 'reason' } });
  return inTransaction(db, async (tx) => {
    const product = await loadProductForUpdate(tx, ctx, input.productId);
    requireNotRecycled(product);
    requireState(product, ['APPROVED'], 'withdraw');
    if (input.successorId) await requireValidSuccessor(tx, ctx, product, input.successorId);
    const updated = await tx.product.update({
      where: { id: product.id },
      data: {
        state: 'WITHDRAWN',
        withdrawnAt: new Date(),
        withdrawalReason: reason,
        withdrawalOperatorDetails: input.operatorDetails?.trim() || null,
        withdrawalManufacturerContact: input.manufacturerContact?.trim() || null,
        successorId: input.successorId ?? null,
        lockVersion: { increment: 1 },
      },
    });
    // Its credentials are revoked in the same commit (revocation is final: a later version gets a new one).
    await setProductStatus(tx, product, 'revocation', true);
    // The EU registry's record follows (the registry worker sends it after this commit).
    await markRegistrationDue(tx, product);
    // Its stored public documents go in the same commit (the revision bump alone already stops them serving).
    await refreshPublicDocument(tx, product.slug);
    const context = { reason, successorId: input.successorId ?? null };
    await recordProductChange(tx, ctx, product, 'Withdraw', context, { 'product.withdrawn': context });
    return lifecycleResult(updated);
  });
}

/** A successor is another publicly served passport of the same company and mode. */
async function requireValidSuccessor(
  tx: Tx,
  ctx: DomainContext,
  product: { id: string; mode: string },
  successorId: string,
) {
  const invalid = (why: string) => new ServiceError('SUCCESSOR_INVALID', `The successor is not valid: ${why}.`);
  if (successorId === product.id) throw invalid('a passport cannot succeed itself');
  if (!isUuid(successorId)) throw invalid('not a product id');
  const successor = await tx.product.findFirst({ where: { id: successorId, companyId: ctx.companyId } });
  if (!successor || successor.mode !== product.mode) throw invalid('no such product');
  if (!isPubliclyServed(successor)) throw invalid('it is not published');
}

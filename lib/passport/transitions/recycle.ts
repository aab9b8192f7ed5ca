import { config } from '../../config';
import { setProductStatus } from '../../credentials/status';
import { prisma } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { VerbArgs } from '../../domain/context';
import { ServiceError } from '../../errors';
import { markRegistrationDue } from '../../registry/queue';
import { refreshPublicDocument } from '../public/representations';
import { loadProductForUpdate, requireState } from './load';
import { recordProductChange } from './record';
import { lifecycleResult, REVIEW_ROLES, requireRole } from './result';

export interface RecycleInput {
  productId: string;
  /** The operator's end-of-life statement (recycling facility, certificate reference), shown on the notice. */
  note?: string | null;
}

/** Who marks a battery recycled: whoever may withdraw its passport (the review roles, integration keys, the CLI). */
export const RECYCLE_ROLES = [...REVIEW_ROLES, 'Integration'];

/** The longest end-of-life statement, the same as the withdrawal texts. */
export const RECYCLE_NOTE_LIMIT = 2000;

/**
 * 409 PRODUCT_FROZEN for a recycled battery's passport: end of life is final (Art. 77(8) of Regulation (EU)
 * 2023/1542), so no revision, withdrawal, deprecation, reinstatement or telemetry changes it afterwards.
 */
export function requireNotRecycled(product: { recycledAt: Date | null }): void {
  if (product.recycledAt) {
    throw new ServiceError(
      'PRODUCT_FROZEN',
      `The battery was recycled on ${product.recycledAt.toISOString().slice(0, 10)}: its passport is closed.`,
      { details: { state: 'recycled', recycledAt: product.recycledAt.toISOString() } },
    );
  }
}

/** When a passport recycled at `at` ceases to be publicly readable. */
export function retainUntil(at: Date): Date {
  return new Date(at.getTime() + config().RECYCLED_PASSPORT_RETENTION_DAYS * 86_400_000);
}

/**
 * Published → recycled (end of life). The passport stays published and readable, with the end-of-life notice, until
 * the retention period is over (the end-of-life job then closes it); from this commit on nothing changes it: no
 * revision, withdrawal or deprecation, and BMS reports are refused.
 */
export async function recycleProduct({ ctx, input, db = prisma }: VerbArgs<RecycleInput>) {
  requireRole(ctx, RECYCLE_ROLES, 'mark a battery recycled');
  const note = input.note?.trim() || null;
  if (note && note.length > RECYCLE_NOTE_LIMIT) {
    throw new ServiceError('VALIDATION_ERROR', `Keep the note under ${RECYCLE_NOTE_LIMIT} characters.`, {
      details: { field: 'note' },
    });
  }
  return inTransaction(db, async (tx) => {
    const product = await loadProductForUpdate(tx, ctx, input.productId);
    requireNotRecycled(product);
    requireState(product, ['APPROVED'], 'mark recycled');
    const recycledAt = new Date();
    const recycledRetainUntil = retainUntil(recycledAt);
    const updated = await tx.product.update({
      where: { id: product.id },
      data: { recycledAt, recycledRetainUntil, recycledNote: note, lockVersion: { increment: 1 } },
    });
    // The EU registry's record follows (the registry worker sends it after this commit).
    await markRegistrationDue(tx, product);
    // Its stored public documents carry the end-of-life member from this commit on.
    await refreshPublicDocument(tx, product.slug);
    const context = {
      recycledAt: recycledAt.toISOString(),
      retainedUntil: recycledRetainUntil.toISOString(),
      note,
    };
    await recordProductChange(tx, ctx, product, 'Recycle', context, { 'product.recycled': context });
    return { ...lifecycleResult(updated), recycledAt, recycledRetainUntil };
  });
}

/** The reason a recycled passport's closure gives (its 410 body and notice). */
export const ceasedReason = (recycledAt: Date) =>
  `End of life: the battery was recycled on ${recycledAt.toISOString().slice(0, 10)} and its passport ceased to ` +
  'exist (Art. 77(8) of Regulation (EU) 2023/1542).';

/**
 * A recycled passport whose retention period is over → withdrawn, with the end-of-life reason: public JSON answers
 * 410 and the page shows the end-of-life notice. Its signed versions, audit trail and credentials' status stay for
 * authorities (docs/decisions.md). Idempotent: a passport already closed, or still within its period, is left as it is.
 */
export async function closeRecycledPassport({ ctx, input, db = prisma }: VerbArgs<{ productId: string }>) {
  requireRole(ctx, ['System'], 'close a recycled passport');
  return inTransaction(db, async (tx) => {
    const product = await loadProductForUpdate(tx, ctx, input.productId);
    const { recycledAt, recycledRetainUntil } = product;
    if (product.state !== 'APPROVED' || !recycledAt || !recycledRetainUntil || recycledRetainUntil > new Date())
      return false;
    const reason = ceasedReason(recycledAt);
    await tx.product.update({
      where: { id: product.id },
      data: { state: 'WITHDRAWN', withdrawnAt: new Date(), withdrawalReason: reason, lockVersion: { increment: 1 } },
    });
    await setProductStatus(tx, product, 'revocation', true);
    await markRegistrationDue(tx, product);
    await refreshPublicDocument(tx, product.slug);
    const context = { reason, recycledAt: recycledAt.toISOString() };
    await recordProductChange(tx, ctx, product, 'EndOfLifeClose', context, { 'product.withdrawn': context });
    return true;
  });
}

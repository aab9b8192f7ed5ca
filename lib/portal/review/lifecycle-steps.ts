import type { DomainContext } from '../../domain/context';
import { ServiceError } from '../../errors';
import { submitDraft } from '../../passport/drafts/submit-draft';
import {
  approveProduct,
  deprecateProduct,
  recycleProduct,
  reinstateProduct,
  rejectProduct,
  startRevision,
  withdrawProduct,
} from '../../passport/lifecycle';
import { type ActionState, formLine, formText, requireConfirmation } from '../action';
import type { LifecycleIntent } from './lifecycle-options';

/** The Integration API's limit on the same texts (WithdrawBody), so both doors accept the same input. */
export const TEXT_LIMIT = 2000;

type Step = (ctx: DomainContext, productId: string, form: FormData) => Promise<Partial<ActionState>>;

function text(form: FormData, name: string, read: typeof formText = formText): string {
  const value = read(form, name);
  if (value.length > TEXT_LIMIT) {
    throw new ServiceError('VALIDATION_ERROR', `Keep it under ${TEXT_LIMIT} characters.`, { details: { field: name } });
  }
  return value;
}

/**
 * Each lifecycle form's work: the confirmation box, then the shared verb (which checks the role first, then the
 * tenant, the state and the input). Nothing here decides who may do what.
 */
export const LIFECYCLE_STEPS: Record<LifecycleIntent, Step> = {
  async submit(ctx, productId, form) {
    requireConfirmation(form);
    await submitDraft({ ctx, input: { productId } });
    return { message: 'Submitted for review.' };
  },
  async approve(ctx, productId, form) {
    requireConfirmation(form);
    const { version } = await approveProduct({ ctx, input: { productId } });
    return { message: `Published version ${version}.` };
  },
  async reject(ctx, productId, form) {
    requireConfirmation(form);
    await rejectProduct({ ctx, input: { productId, reason: text(form, 'reason') } });
    return { message: 'Sent back to draft; the integrator can read your reason.' };
  },
  async revise(ctx, productId, form) {
    requireConfirmation(form);
    const { version } = await startRevision({ ctx, input: { productId } });
    return {
      message: `Revision opened: the public passport stays at version ${version} until the revision is approved.`,
    };
  },
  async withdraw(ctx, productId, form) {
    requireConfirmation(form);
    const input = {
      productId,
      reason: text(form, 'reason'),
      operatorDetails: text(form, 'operatorDetails') || null,
      manufacturerContact: text(form, 'manufacturerContact', formLine) || null,
      successorId: text(form, 'successorId', formLine) || null,
    };
    await withdrawProduct({ ctx, input });
    return { message: 'Withdrawn: the public passport now shows the withdrawal notice.' };
  },
  async deprecate(ctx, productId, form) {
    requireConfirmation(form);
    await deprecateProduct({ ctx, input: { productId, reason: text(form, 'reason') || null } });
    return { message: 'Deprecated: the passport is no longer served publicly.' };
  },
  async recycle(ctx, productId, form) {
    requireConfirmation(form);
    await recycleProduct({ ctx, input: { productId, note: text(form, 'reason') || null } });
    return { message: 'Marked recycled: the passport is closed and shows the end-of-life notice.' };
  },
  async reinstate(ctx, productId, form) {
    requireConfirmation(form);
    const { version } = await reinstateProduct({ ctx, input: { productId, reason: text(form, 'reason') || null } });
    return { message: `Reinstated: version ${version} is served again.` };
  },
};

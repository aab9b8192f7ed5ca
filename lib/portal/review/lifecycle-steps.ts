import type { DomainContext } from '../../domain/context';
import { ServiceError } from '../../errors';
import type { PortalLocale } from '../../i18n/portal-locales';
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
import { type PortalTranslator, portalTranslator } from '../i18n';
import type { LifecycleIntent } from './lifecycle-options';

/** The Integration API's limit on the same texts (WithdrawBody), so both doors accept the same input. */
export const TEXT_LIMIT = 2000;

/** A form's work; its messages in `locale`, the operator's language (English when not given). */
type Step = (
  ctx: DomainContext,
  productId: string,
  form: FormData,
  locale?: PortalLocale,
) => Promise<Partial<ActionState>>;

function text(form: FormData, name: string, t: PortalTranslator, read: typeof formText = formText): string {
  const value = read(form, name);
  if (value.length > TEXT_LIMIT) {
    throw new ServiceError('VALIDATION_ERROR', t('lifecycle.tooLong', { limit: String(TEXT_LIMIT) }), {
      details: { field: name },
    });
  }
  return value;
}

/**
 * Each lifecycle form's work: the confirmation box, then the shared verb (which checks the role first, then the
 * tenant, the state and the input). Nothing here decides who may do what.
 */
export const LIFECYCLE_STEPS: Record<LifecycleIntent, Step> = {
  async submit(ctx, productId, form, locale = 'en') {
    const t = portalTranslator(locale, 'passports');
    requireConfirmation(form);
    await submitDraft({ ctx, input: { productId } });
    return { message: t('lifecycle.done.submit') };
  },
  async approve(ctx, productId, form, locale = 'en') {
    const t = portalTranslator(locale, 'passports');
    requireConfirmation(form);
    const { version } = await approveProduct({ ctx, input: { productId } });
    return { message: t('lifecycle.done.approve', { version }) };
  },
  async reject(ctx, productId, form, locale = 'en') {
    const t = portalTranslator(locale, 'passports');
    requireConfirmation(form);
    await rejectProduct({ ctx, input: { productId, reason: text(form, 'reason', t) } });
    return { message: t('lifecycle.done.reject') };
  },
  async revise(ctx, productId, form, locale = 'en') {
    const t = portalTranslator(locale, 'passports');
    requireConfirmation(form);
    const { version } = await startRevision({ ctx, input: { productId } });
    return { message: t('lifecycle.done.revise', { version }) };
  },
  async withdraw(ctx, productId, form, locale = 'en') {
    const t = portalTranslator(locale, 'passports');
    requireConfirmation(form);
    const input = {
      productId,
      reason: text(form, 'reason', t),
      operatorDetails: text(form, 'operatorDetails', t) || null,
      manufacturerContact: text(form, 'manufacturerContact', t, formLine) || null,
      successorId: text(form, 'successorId', t, formLine) || null,
    };
    await withdrawProduct({ ctx, input });
    return { message: t('lifecycle.done.withdraw') };
  },
  async deprecate(ctx, productId, form, locale = 'en') {
    const t = portalTranslator(locale, 'passports');
    requireConfirmation(form);
    await deprecateProduct({ ctx, input: { productId, reason: text(form, 'reason', t) || null } });
    return { message: t('lifecycle.done.deprecate') };
  },
  async recycle(ctx, productId, form, locale = 'en') {
    const t = portalTranslator(locale, 'passports');
    requireConfirmation(form);
    await recycleProduct({ ctx, input: { productId, note: text(form, 'reason', t) || null } });
    return { message: t('lifecycle.done.recycle') };
  },
  async reinstate(ctx, productId, form, locale = 'en') {
    const t = portalTranslator(locale, 'passports');
    requireConfirmation(form);
    const { version } = await reinstateProduct({ ctx, input: { productId, reason: text(form, 'reason', t) || null } });
    return { message: t('lifecycle.done.reinstate', { version }) };
  },
};

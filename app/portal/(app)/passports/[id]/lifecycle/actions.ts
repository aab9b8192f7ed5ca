'use server';

import { revalidatePath } from 'next/cache';
import { formText, runAction } from '@/lib/portal/action';
import { portalLocale, portalTranslator } from '@/lib/portal/i18n';
import { isLifecycleIntent, type LifecycleState } from '@/lib/portal/review/lifecycle-options';
import { LIFECYCLE_STEPS } from '@/lib/portal/review/lifecycle-steps';

/**
 * Every lifecycle form posts here with its intent. The role is left to the verb ('any'): it checks it first and
 * its refusal names the action ("Your role (EDITOR) cannot approve a passport.").
 */
export async function lifecycleAction(_previous: LifecycleState, form: FormData): Promise<LifecycleState> {
  const locale = await portalLocale();
  const intent = formText(form, 'intent');
  if (!isLifecycleIntent(intent)) {
    const t = portalTranslator(locale, 'passports');
    return { ok: false, message: t('lifecycle.unknownAction') };
  }
  const productId = formText(form, 'productId');
  const state = await runAction('any', ({ ctx }) => LIFECYCLE_STEPS[intent](ctx, productId, form, locale));
  if (state.ok) {
    revalidatePath(`/portal/passports/${productId}`);
    revalidatePath('/portal/passports');
    revalidatePath('/portal/review');
  }
  return { ...state, intent };
}

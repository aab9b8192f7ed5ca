'use server';

import { revalidatePath } from 'next/cache';
import { cancelImport } from '@/lib/imports/cancel-import';
import { submitImport } from '@/lib/imports/submit-import';
import { type ActionState, formText, requireConfirmation, runAction } from '@/lib/portal/action';
import { portalT } from '@/lib/portal/i18n';

/** Cancel (while queued or running) and Submit for review (once completed); the verbs check role and state. */
export async function importAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const intent = formText(form, 'intent');
  const importId = formText(form, 'importId');
  const t = await portalT('imports');
  const state = await runAction('any', async ({ ctx }) => {
    requireConfirmation(form);
    if (intent === 'cancel') {
      await cancelImport({ ctx, input: { importId } });
      return { message: t('action.cancel.done') };
    }
    if (intent === 'submit') {
      await submitImport({ ctx, input: { importId } });
      return { message: t('action.submit.done') };
    }
    return { ok: false, message: t('action.unknown') };
  });
  if (state.ok) {
    revalidatePath(`/portal/imports/${importId}`);
    revalidatePath('/portal/imports');
    revalidatePath('/portal/review');
  }
  return state;
}

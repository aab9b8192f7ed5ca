'use server';

import { revalidatePath } from 'next/cache';
import { approveImportBatch } from '@/lib/imports/batch/approve-batch';
import { rejectImportBatch } from '@/lib/imports/batch/reject-batch';
import { type ActionState, formText, requireConfirmation, runAction } from '@/lib/portal/action';
import { portalT } from '@/lib/portal/i18n';

/**
 * The Approve batch and Reject batch forms post here with their intent. The role is left to the verbs ('any'):
 * their refusal names the action. A decision starts a run; the queue then shows its progress.
 */
export async function batchDecision(_previous: ActionState, form: FormData): Promise<ActionState> {
  const intent = formText(form, 'intent');
  const importId = formText(form, 'importId');
  const t = await portalT('review');
  const state = await runAction('any', async ({ ctx }) => {
    requireConfirmation(form);
    if (intent === 'approve') {
      const run = await approveImportBatch({ ctx, input: { importId } });
      return { message: t('decision.approved', { count: run.total }) };
    }
    if (intent === 'reject') {
      const run = await rejectImportBatch({ ctx, input: { importId, reason: formText(form, 'reason') } });
      return { message: t('decision.rejected', { count: run.total }) };
    }
    return { ok: false, message: t('decision.unknown') };
  });
  if (state.ok) revalidatePath('/portal/review');
  return state;
}

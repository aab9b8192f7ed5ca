'use server';

import { revalidatePath } from 'next/cache';
import { approveImportBatch } from '@/lib/imports/batch/approve-batch';
import { rejectImportBatch } from '@/lib/imports/batch/reject-batch';
import { type ActionState, formText, requireConfirmation, runAction } from '@/lib/portal/action';

/**
 * The Approve batch and Reject batch forms post here with their intent. The role is left to the verbs ('any'):
 * their refusal names the action. A decision starts a run; the queue then shows its progress.
 */
export async function batchDecision(_previous: ActionState, form: FormData): Promise<ActionState> {
  const intent = formText(form, 'intent');
  const importId = formText(form, 'importId');
  const state = await runAction('any', async ({ ctx }) => {
    requireConfirmation(form);
    if (intent === 'approve') {
      const run = await approveImportBatch({ ctx, input: { importId } });
      return { message: `Publishing ${run.total} passports: the progress shows below.` };
    }
    if (intent === 'reject') {
      const run = await rejectImportBatch({ ctx, input: { importId, reason: formText(form, 'reason') } });
      return { message: `Sending ${run.total} passports back to draft: the progress shows below.` };
    }
    return { ok: false, message: 'That action does not exist.' };
  });
  if (state.ok) revalidatePath('/portal/review');
  return state;
}

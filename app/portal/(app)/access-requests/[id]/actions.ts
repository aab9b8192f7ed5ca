'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { approvePoliRequest, rejectPoliRequest, revokePoliAccess } from '@/lib/poli';
import { type ActionState, formText, requireConfirmation, runAction } from '@/lib/portal/action';
import { PORTAL_ROLES } from '@/lib/portal/session';

function decided(requestId: string, outcome: 'approved' | 'rejected' | 'revoked'): never {
  revalidatePath('/portal/access-requests');
  revalidatePath('/portal');
  // The decision forms disappear with the new status, so the outcome travels to the page in the URL.
  redirect(`/portal/access-requests/${requestId}?done=${outcome}`);
}

export async function approveAccessRequest(
  requestId: string,
  _state: ActionState,
  form: FormData,
): Promise<ActionState> {
  return runAction(PORTAL_ROLES.review, async ({ ctx }) => {
    requireConfirmation(form);
    await approvePoliRequest({ ctx, input: { requestId } });
    decided(requestId, 'approved');
  });
}

export async function rejectAccessRequest(
  requestId: string,
  _state: ActionState,
  form: FormData,
): Promise<ActionState> {
  return runAction(PORTAL_ROLES.review, async ({ ctx }) => {
    await rejectPoliRequest({ ctx, input: { requestId, reason: formText(form, 'reason') } });
    decided(requestId, 'rejected');
  });
}

export async function revokeAccess(requestId: string, _state: ActionState, form: FormData): Promise<ActionState> {
  return runAction(PORTAL_ROLES.review, async ({ ctx }) => {
    requireConfirmation(form);
    await revokePoliAccess({ ctx, input: { requestId } });
    decided(requestId, 'revoked');
  });
}

'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { acceptHandover, declineHandover, offerHandover } from '@/lib/passport/handover/handover';
import { type ActionState, formLine, requireConfirmation, runAction } from '@/lib/portal/action';
import { PORTAL_ROLES } from '@/lib/portal/session';

/** A published passport offered to another company of the service, or a successor outside it stated. */
export async function offerHandoverAction(
  productId: string,
  _state: ActionState,
  form: FormData,
): Promise<ActionState> {
  return runAction(PORTAL_ROLES.review, async ({ ctx }) => {
    const target = formLine(form, 'target');
    const input = {
      productId,
      reason: formLine(form, 'reason'),
      toCompany: target === 'external' ? null : formLine(form, 'toCompany') || null,
      successorUri: target === 'external' ? formLine(form, 'successorUri') || null : null,
      note: formLine(form, 'note') || null,
    };
    requireConfirmation(form);
    const handover = await offerHandover({ ctx, input });
    revalidatePath(`/portal/passports/${productId}`);
    revalidatePath('/portal/handovers');
    redirect(`/portal/handovers/${handover.id}?done=${handover.status}`);
  });
}

export async function acceptHandoverAction(
  handoverId: string,
  _state: ActionState,
  form: FormData,
): Promise<ActionState> {
  return runAction(PORTAL_ROLES.review, async ({ ctx }) => {
    requireConfirmation(form);
    await acceptHandover({ ctx, input: { handoverId, name: formLine(form, 'name') || null } });
    revalidatePath('/portal/handovers');
    revalidatePath('/portal/passports');
    redirect(`/portal/handovers/${handoverId}?done=accepted`);
  });
}

export async function declineHandoverAction(
  handoverId: string,
  _state: ActionState,
  form: FormData,
): Promise<ActionState> {
  return runAction(PORTAL_ROLES.review, async ({ ctx }) => {
    await declineHandover({ ctx, input: { handoverId, reason: formLine(form, 'reason') || null } });
    revalidatePath('/portal/handovers');
    redirect(`/portal/handovers/${handoverId}?done=declined`);
  });
}

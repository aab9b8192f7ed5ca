'use server';

import { revalidatePath } from 'next/cache';
import { rotateIssuerKey } from '@/lib/credentials/rotate';
import { type ActionState, requireConfirmation, runAction } from '@/lib/portal/action';
import { PORTAL_ROLES } from '@/lib/portal/session';

/** Administrators only (checked here for the message, and by the verb's own role check). */
export async function rotateIssuerKeyAction(_: ActionState, form: FormData): Promise<ActionState> {
  return runAction(PORTAL_ROLES.admin, async ({ ctx }) => {
    requireConfirmation(form);
    const rotated = await rotateIssuerKey({ ctx });
    revalidatePath('/portal/signing');
    const earlier = rotated.previousKid
      ? ` Key ${rotated.previousKid} is retired: it signs nothing more, and what it signed still verifies.`
      : '';
    return { message: `Rotated: key ${rotated.kid} signs your passports from now on.${earlier}` };
  });
}

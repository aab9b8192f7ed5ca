'use server';

import { revalidatePath } from 'next/cache';
import { rotateIssuerKey } from '@/lib/credentials/rotate';
import { type ActionState, requireConfirmation, runAction } from '@/lib/portal/action';
import { portalT } from '@/lib/portal/i18n';
import { PORTAL_ROLES } from '@/lib/portal/session';

/** Administrators only (checked here for the message, and by the verb's own role check). */
export async function rotateIssuerKeyAction(_: ActionState, form: FormData): Promise<ActionState> {
  return runAction(PORTAL_ROLES.admin, async ({ ctx }) => {
    const t = await portalT('admin');
    requireConfirmation(form);
    const rotated = await rotateIssuerKey({ ctx });
    revalidatePath('/portal/signing');
    const said = t('signing.rotate.done', { kid: rotated.kid });
    return {
      message: rotated.previousKid ? `${said} ${t('signing.rotate.retired', { kid: rotated.previousKid })}` : said,
    };
  });
}

'use server';

import { revalidatePath } from 'next/cache';
import { mintKey } from '@/lib/integration/key-admin/mint';
import { mintAdminKey } from '@/lib/integration/key-admin/mint-admin';
import { type ActionState, formLine, formText, requireConfirmation, runAction } from '@/lib/portal/action';
import { formLines, formList, formMode, formOptionalInt } from '@/lib/portal/admin/form';
import { PORTAL_ROLES } from '@/lib/portal/session';

const DAYS_MESSAGE = 'Give the lifetime as a whole number of days, or leave it empty for 365.';

/** The key and its signing secret go to the browser in this answer only; the page never shows them again. */
const revealKey = (minted: { key: string; signingSecret: string }) => ({
  'API key': minted.key,
  'Signing secret': minted.signingSecret,
});

export async function mintKeyAction(_: ActionState, form: FormData): Promise<ActionState> {
  return runAction(PORTAL_ROLES.admin, async ({ ctx }) => {
    const minted = await mintKey({
      ctx,
      input: {
        name: formLine(form, 'name'),
        scopes: formList(form, 'scopes'),
        mode: formMode(form),
        expiresInDays: formOptionalInt(form, 'expiresInDays', DAYS_MESSAGE),
        allowedCidrs: formLines(form, 'allowedCidrs'),
      },
    });
    revalidatePath('/portal/keys');
    return {
      message: `Minted the ${minted.mode} key “${minted.name}” (${minted.displayPrefix}…).`,
      reveal: revealKey(minted),
    };
  });
}

export async function mintAdminKeyAction(_: ActionState, form: FormData): Promise<ActionState> {
  return runAction(PORTAL_ROLES.admin, async ({ ctx }) => {
    requireConfirmation(form);
    const minted = await mintAdminKey({
      ctx,
      input: {
        name: formLine(form, 'name'),
        scope: formText(form, 'scope'),
        mode: formMode(form),
        expiresInDays: formOptionalInt(form, 'expiresInDays', DAYS_MESSAGE),
        allowedCidrs: formLines(form, 'allowedCidrs'),
      },
    });
    revalidatePath('/portal/keys');
    return {
      message: `Minted the admin key “${minted.name}” (${minted.scopes[0]}, ${minted.displayPrefix}…).`,
      reveal: revealKey(minted),
    };
  });
}

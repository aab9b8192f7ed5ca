'use server';

import { revalidatePath } from 'next/cache';
import { mintKey } from '@/lib/integration/key-admin/mint';
import { mintAdminKey } from '@/lib/integration/key-admin/mint-admin';
import { type ActionState, formLine, formText, requireConfirmation, runAction } from '@/lib/portal/action';
import { formLines, formList, formMode, formOptionalInt } from '@/lib/portal/admin/form';
import { portalT } from '@/lib/portal/i18n';
import { PORTAL_ROLES } from '@/lib/portal/session';

/**
 * The key and its signing secret go to the browser in this answer only; the page never shows them again. The
 * labels stay English in every language: the one-time box names each value by them (its `data-secret`).
 */
const revealKey = (minted: { key: string; signingSecret: string }) => ({
  'API key': minted.key,
  'Signing secret': minted.signingSecret,
});

export async function mintKeyAction(_: ActionState, form: FormData): Promise<ActionState> {
  return runAction(PORTAL_ROLES.admin, async ({ ctx }) => {
    const t = await portalT('admin');
    const minted = await mintKey({
      ctx,
      input: {
        name: formLine(form, 'name'),
        scopes: formList(form, 'scopes'),
        mode: formMode(form, t('keyForm.modeInvalid')),
        expiresInDays: formOptionalInt(form, 'expiresInDays', t('keyForm.daysInvalid')),
        allowedCidrs: formLines(form, 'allowedCidrs'),
      },
    });
    revalidatePath('/portal/keys');
    return {
      message: t('keys.mint.done', { mode: minted.mode, name: minted.name, prefix: minted.displayPrefix }),
      reveal: revealKey(minted),
    };
  });
}

export async function mintAdminKeyAction(_: ActionState, form: FormData): Promise<ActionState> {
  return runAction(PORTAL_ROLES.admin, async ({ ctx }) => {
    const t = await portalT('admin');
    requireConfirmation(form);
    const minted = await mintAdminKey({
      ctx,
      input: {
        name: formLine(form, 'name'),
        scope: formText(form, 'scope'),
        mode: formMode(form, t('keyForm.modeInvalid')),
        expiresInDays: formOptionalInt(form, 'expiresInDays', t('keyForm.daysInvalid')),
        allowedCidrs: formLines(form, 'allowedCidrs'),
      },
    });
    revalidatePath('/portal/keys');
    return {
      message: t('newAdminKey.done', { name: minted.name, scope: minted.scopes[0], prefix: minted.displayPrefix }),
      reveal: revealKey(minted),
    };
  });
}

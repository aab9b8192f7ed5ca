'use server';

import { revalidatePath } from 'next/cache';
import { createCompanyBmsSecret, revokeCompanyBmsSecret } from '@/lib/bms/secret-admin';
import { type ActionState, formLine, requireConfirmation, runAction } from '@/lib/portal/action';
import { formLines, formList } from '@/lib/portal/admin/form';
import { portalT } from '@/lib/portal/i18n';
import { PORTAL_ROLES } from '@/lib/portal/session';

export async function createBmsSecretAction(_: ActionState, form: FormData): Promise<ActionState> {
  return runAction(PORTAL_ROLES.admin, async ({ ctx }) => {
    const t = await portalT('admin');
    const productIds = [...formList(form, 'productIds'), ...formLines(form, 'otherProductIds')];
    const created = await createCompanyBmsSecret({ ctx, input: { name: formLine(form, 'name') || null, productIds } });
    revalidatePath('/portal/bms-secrets');
    // The plaintext goes to the browser in this answer only; the service keeps its SHA-256. The box's label stays
    // English in every language: it names the value (`data-secret`).
    return {
      message: t('bms.create.done', { count: created.productIds.length }),
      reveal: { 'BMS secret': created.secret },
    };
  });
}

export async function revokeBmsSecretAction(secretId: string, _: ActionState, form: FormData): Promise<ActionState> {
  return runAction(PORTAL_ROLES.admin, async ({ ctx }) => {
    const t = await portalT('admin');
    requireConfirmation(form);
    await revokeCompanyBmsSecret({ ctx, input: { secretId } });
    revalidatePath('/portal/bms-secrets');
    return { message: t('bms.revoke.done') };
  });
}

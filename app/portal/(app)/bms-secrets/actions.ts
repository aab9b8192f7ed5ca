'use server';

import { revalidatePath } from 'next/cache';
import { createCompanyBmsSecret, revokeCompanyBmsSecret } from '@/lib/bms/secret-admin';
import { type ActionState, formLine, requireConfirmation, runAction } from '@/lib/portal/action';
import { formLines, formList } from '@/lib/portal/admin/form';
import { PORTAL_ROLES } from '@/lib/portal/session';

export async function createBmsSecretAction(_: ActionState, form: FormData): Promise<ActionState> {
  return runAction(PORTAL_ROLES.admin, async ({ ctx }) => {
    const productIds = [...formList(form, 'productIds'), ...formLines(form, 'otherProductIds')];
    const created = await createCompanyBmsSecret({ ctx, input: { name: formLine(form, 'name') || null, productIds } });
    revalidatePath('/portal/bms-secrets');
    const scope =
      created.productIds.length === 0 ? 'every product of your company' : `${created.productIds.length} product(s)`;
    // The plaintext goes to the browser in this answer only; the service keeps its SHA-256.
    return { message: `Created a BMS secret for ${scope}.`, reveal: { 'BMS secret': created.secret } };
  });
}

export async function revokeBmsSecretAction(secretId: string, _: ActionState, form: FormData): Promise<ActionState> {
  return runAction(PORTAL_ROLES.admin, async ({ ctx }) => {
    requireConfirmation(form);
    await revokeCompanyBmsSecret({ ctx, input: { secretId } });
    revalidatePath('/portal/bms-secrets');
    return { message: 'Revoked: the BMS endpoint refuses this secret from now on.' };
  });
}

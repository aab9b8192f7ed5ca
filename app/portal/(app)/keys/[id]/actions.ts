'use server';

import { revalidatePath } from 'next/cache';
import { ServiceError } from '@/lib/errors';
import { revokeKey } from '@/lib/integration/key-admin/revoke';
import { MAX_GRACE_HOURS, rotateKey } from '@/lib/integration/key-admin/rotate';
import { rotateSigningSecret } from '@/lib/integration/key-admin/rotate-signing-secret';
import { updateKey } from '@/lib/integration/key-admin/update';
import { type ActionState, formLine, requireConfirmation, runAction } from '@/lib/portal/action';
import { formLines, formOptionalInt } from '@/lib/portal/admin/form';
import { type PortalTranslator, portalT } from '@/lib/portal/i18n';
import { PORTAL_ROLES } from '@/lib/portal/session';

const refresh = (keyId: string) => {
  revalidatePath('/portal/keys');
  revalidatePath(`/portal/keys/${keyId}`);
};

function graceHours(form: FormData, t: PortalTranslator): number | undefined {
  const hours = formOptionalInt(form, 'graceHours', t('key.rotate.graceInvalid', { max: MAX_GRACE_HOURS }));
  if (hours !== undefined && hours > MAX_GRACE_HOURS) {
    throw new ServiceError('VALIDATION_ERROR', t('key.rotate.graceTooLong', { max: MAX_GRACE_HOURS }), {
      details: { field: 'graceHours' },
    });
  }
  return hours;
}

export async function rotateKeyAction(keyId: string, _: ActionState, form: FormData): Promise<ActionState> {
  return runAction(PORTAL_ROLES.admin, async ({ ctx }) => {
    const t = await portalT('admin');
    const successor = await rotateKey({ ctx, input: { keyId, graceHours: graceHours(form, t) } });
    refresh(keyId);
    return {
      message: t('key.rotate.done', { prefix: successor.displayPrefix }),
      // The one-time box names its values by these English labels in every language (its `data-secret`).
      reveal: { 'API key': successor.key, 'Signing secret': successor.signingSecret },
    };
  });
}

export async function rotateSigningSecretAction(keyId: string, _: ActionState, form: FormData): Promise<ActionState> {
  return runAction(PORTAL_ROLES.admin, async ({ ctx }) => {
    const t = await portalT('admin');
    requireConfirmation(form);
    const rotated = await rotateSigningSecret({ ctx, input: { keyId } });
    refresh(keyId);
    return {
      message: t('key.secret.done'),
      reveal: { 'Signing secret': rotated.signingSecret },
    };
  });
}

export async function updateKeyAction(keyId: string, _: ActionState, form: FormData): Promise<ActionState> {
  return runAction(PORTAL_ROLES.admin, async ({ ctx }) => {
    const t = await portalT('admin');
    await updateKey({
      ctx,
      input: { keyId, name: formLine(form, 'name'), allowedCidrs: formLines(form, 'allowedCidrs') },
    });
    refresh(keyId);
    return { message: t('key.edit.done') };
  });
}

export async function revokeKeyAction(keyId: string, _: ActionState, form: FormData): Promise<ActionState> {
  return runAction(PORTAL_ROLES.admin, async ({ ctx }) => {
    const t = await portalT('admin');
    requireConfirmation(form);
    await revokeKey({ ctx, input: { keyId } });
    refresh(keyId);
    return { message: t('key.revoke.done') };
  });
}

'use server';

import { revalidatePath } from 'next/cache';
import { ServiceError } from '@/lib/errors';
import { revokeKey } from '@/lib/integration/key-admin/revoke';
import { MAX_GRACE_HOURS, rotateKey } from '@/lib/integration/key-admin/rotate';
import { rotateSigningSecret } from '@/lib/integration/key-admin/rotate-signing-secret';
import { updateKey } from '@/lib/integration/key-admin/update';
import { type ActionState, formLine, requireConfirmation, runAction } from '@/lib/portal/action';
import { formLines, formOptionalInt } from '@/lib/portal/admin/form';
import { PORTAL_ROLES } from '@/lib/portal/session';

const refresh = (keyId: string) => {
  revalidatePath('/portal/keys');
  revalidatePath(`/portal/keys/${keyId}`);
};

function graceHours(form: FormData): number | undefined {
  const hours = formOptionalInt(form, 'graceHours', `Give the grace period in whole hours, 0 to ${MAX_GRACE_HOURS}.`);
  if (hours !== undefined && hours > MAX_GRACE_HOURS) {
    throw new ServiceError('VALIDATION_ERROR', `The grace period is at most ${MAX_GRACE_HOURS} hours.`, {
      details: { field: 'graceHours' },
    });
  }
  return hours;
}

export async function rotateKeyAction(keyId: string, _: ActionState, form: FormData): Promise<ActionState> {
  return runAction(PORTAL_ROLES.admin, async ({ ctx }) => {
    const successor = await rotateKey({ ctx, input: { keyId, graceHours: graceHours(form) } });
    refresh(keyId);
    return {
      message: `Rotated: the new key is ${successor.displayPrefix}…; this key keeps working until the grace period ends.`,
      reveal: { 'API key': successor.key, 'Signing secret': successor.signingSecret },
    };
  });
}

export async function rotateSigningSecretAction(keyId: string, _: ActionState, form: FormData): Promise<ActionState> {
  return runAction(PORTAL_ROLES.admin, async ({ ctx }) => {
    requireConfirmation(form);
    const rotated = await rotateSigningSecret({ ctx, input: { keyId } });
    refresh(keyId);
    return {
      message: 'New signing secret issued; the previous one no longer verifies.',
      reveal: { 'Signing secret': rotated.signingSecret },
    };
  });
}

export async function updateKeyAction(keyId: string, _: ActionState, form: FormData): Promise<ActionState> {
  return runAction(PORTAL_ROLES.admin, async ({ ctx }) => {
    await updateKey({
      ctx,
      input: { keyId, name: formLine(form, 'name'), allowedCidrs: formLines(form, 'allowedCidrs') },
    });
    refresh(keyId);
    return { message: 'Saved. The change applies from the key’s next request.' };
  });
}

export async function revokeKeyAction(keyId: string, _: ActionState, form: FormData): Promise<ActionState> {
  return runAction(PORTAL_ROLES.admin, async ({ ctx }) => {
    requireConfirmation(form);
    await revokeKey({ ctx, input: { keyId } });
    refresh(keyId);
    return { message: 'Revoked: requests with this key are refused from now on.' };
  });
}

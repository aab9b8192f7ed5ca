'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import type { DomainContext } from '@/lib/domain/context';
import { ServiceError } from '@/lib/errors';
import { isUuid } from '@/lib/ids';
import { type ActionState, requireConfirmation, runAction } from '@/lib/portal/action';
import { endpointModeOrThrow, withMode } from '@/lib/portal/admin/webhooks';
import { PORTAL_ROLES } from '@/lib/portal/session';
import { deleteWebhookEndpoint, updateWebhookEndpoint } from '@/lib/webhooks/endpoints/change';
import { redeliverWebhook } from '@/lib/webhooks/endpoints/redeliver';
import { rotateWebhookSecret } from '@/lib/webhooks/endpoints/rotate';

/** The verbs work within one mode: the endpoint's own, looked up within the operator's company. */
const inEndpointMode = async (ctx: DomainContext, endpointId: string) =>
  withMode(ctx, await endpointModeOrThrow(ctx, endpointId));

const refresh = (endpointId: string) => {
  revalidatePath('/portal/webhooks');
  revalidatePath(`/portal/webhooks/${endpointId}`);
};

export async function setEnabledAction(endpointId: string, enabled: boolean, _: ActionState): Promise<ActionState> {
  return runAction(PORTAL_ROLES.admin, async ({ ctx }) => {
    await updateWebhookEndpoint({ ctx: await inEndpointMode(ctx, endpointId), id: endpointId, input: { enabled } });
    refresh(endpointId);
    return {
      message: enabled
        ? 'Enabled: pending deliveries resume.'
        : 'Disabled: no deliveries are attempted until you enable it again.',
    };
  });
}

export async function rotateSecretAction(endpointId: string, _: ActionState): Promise<ActionState> {
  return runAction(PORTAL_ROLES.admin, async ({ ctx }) => {
    const rotated = await rotateWebhookSecret({ ctx: await inEndpointMode(ctx, endpointId), id: endpointId });
    refresh(endpointId);
    return {
      message: 'New signing secret issued. For 24 hours deliveries are signed with the previous secret too.',
      reveal: { 'Signing secret': rotated.secret },
    };
  });
}

export async function deleteEndpointAction(endpointId: string, _: ActionState, form: FormData): Promise<ActionState> {
  return runAction(PORTAL_ROLES.admin, async ({ ctx }) => {
    requireConfirmation(form);
    await deleteWebhookEndpoint({ ctx: await inEndpointMode(ctx, endpointId), id: endpointId });
    revalidatePath('/portal/webhooks');
    redirect('/portal/webhooks');
  });
}

export async function redeliverAction(endpointId: string, deliveryId: string, _: ActionState): Promise<ActionState> {
  return runAction(PORTAL_ROLES.admin, async ({ ctx }) => {
    if (!isUuid(deliveryId)) throw new ServiceError('NOT_FOUND', 'No such webhook delivery.');
    const delivery = await redeliverWebhook({ ctx: await inEndpointMode(ctx, endpointId), id: deliveryId });
    refresh(endpointId);
    return { message: `Queued attempt ${delivery.attemptCount + 1}; it is sent within seconds.` };
  });
}

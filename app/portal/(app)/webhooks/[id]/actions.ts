'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import type { DomainContext } from '@/lib/domain/context';
import { ServiceError } from '@/lib/errors';
import { isUuid } from '@/lib/ids';
import { type ActionState, requireConfirmation, runAction } from '@/lib/portal/action';
import { endpointModeOrThrow, withMode } from '@/lib/portal/admin/webhooks';
import { type PortalTranslator, portalT } from '@/lib/portal/i18n';
import { PORTAL_ROLES } from '@/lib/portal/session';
import { deleteWebhookEndpoint, updateWebhookEndpoint } from '@/lib/webhooks/endpoints/change';
import { redeliverWebhook } from '@/lib/webhooks/endpoints/redeliver';
import { rotateWebhookSecret } from '@/lib/webhooks/endpoints/rotate';

/**
 * The verbs work within one mode: the endpoint's own, looked up within the operator's company (an endpoint gone
 * meanwhile, or another company's, is said in the operator's language).
 */
async function inEndpointMode(ctx: DomainContext, endpointId: string, t: PortalTranslator) {
  try {
    return withMode(ctx, await endpointModeOrThrow(ctx, endpointId));
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'NOT_FOUND') {
      throw new ServiceError('NOT_FOUND', t('endpoint.notFound'));
    }
    throw error;
  }
}

const refresh = (endpointId: string) => {
  revalidatePath('/portal/webhooks');
  revalidatePath(`/portal/webhooks/${endpointId}`);
};

export async function setEnabledAction(endpointId: string, enabled: boolean, _: ActionState): Promise<ActionState> {
  return runAction(PORTAL_ROLES.admin, async ({ ctx }) => {
    const t = await portalT('admin');
    await updateWebhookEndpoint({ ctx: await inEndpointMode(ctx, endpointId, t), id: endpointId, input: { enabled } });
    refresh(endpointId);
    return { message: enabled ? t('endpoint.enable.done') : t('endpoint.disable.done') };
  });
}

export async function rotateSecretAction(endpointId: string, _: ActionState): Promise<ActionState> {
  return runAction(PORTAL_ROLES.admin, async ({ ctx }) => {
    const t = await portalT('admin');
    const rotated = await rotateWebhookSecret({ ctx: await inEndpointMode(ctx, endpointId, t), id: endpointId });
    refresh(endpointId);
    return {
      message: t('endpoint.secret.done'),
      // The box's label stays English in every language: it names the value (`data-secret`).
      reveal: { 'Signing secret': rotated.secret },
    };
  });
}

export async function deleteEndpointAction(endpointId: string, _: ActionState, form: FormData): Promise<ActionState> {
  return runAction(PORTAL_ROLES.admin, async ({ ctx }) => {
    const t = await portalT('admin');
    requireConfirmation(form);
    await deleteWebhookEndpoint({ ctx: await inEndpointMode(ctx, endpointId, t), id: endpointId });
    revalidatePath('/portal/webhooks');
    redirect('/portal/webhooks');
  });
}

export async function redeliverAction(endpointId: string, deliveryId: string, _: ActionState): Promise<ActionState> {
  return runAction(PORTAL_ROLES.admin, async ({ ctx }) => {
    const t = await portalT('admin');
    if (!isUuid(deliveryId)) throw new ServiceError('NOT_FOUND', t('endpoint.redeliver.notFound'));
    const delivery = await redeliverWebhook({ ctx: await inEndpointMode(ctx, endpointId, t), id: deliveryId });
    refresh(endpointId);
    return { message: t('endpoint.redeliver.done', { attempt: delivery.attemptCount + 1 }) };
  });
}

'use server';

import { revalidatePath } from 'next/cache';
import { ServiceError } from '@/lib/errors';
import { type ActionState, formLine, runAction } from '@/lib/portal/action';
import { formList, formMode } from '@/lib/portal/admin/form';
import { modeParam, withMode } from '@/lib/portal/admin/webhooks';
import { type PortalTranslator, portalT } from '@/lib/portal/i18n';
import { PORTAL_ROLES } from '@/lib/portal/session';
import { createWebhookEndpoint } from '@/lib/webhooks/endpoints/create';
import { WEBHOOK_EVENT_TYPES } from '@/lib/webhooks/events';

const invalid = (message: string, field: string) =>
  new ServiceError('VALIDATION_ERROR', message, { details: { field } });

/** The same rule as the API's body: known types, or `*` for every type present and future. */
function eventTypesOf(form: FormData, t: PortalTranslator): string[] {
  const chosen = formList(form, 'eventTypes');
  if (chosen.includes('*')) return ['*'];
  if (chosen.length === 0) throw invalid(t('webhooks.create.noEvents'), 'eventTypes');
  const unknown = chosen.filter((type) => !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(type));
  if (unknown.length > 0)
    throw invalid(t('webhooks.create.unknownEvents', { types: unknown.join(', ') }), 'eventTypes');
  return chosen;
}

function urlOf(form: FormData, t: PortalTranslator): string {
  const url = formLine(form, 'url');
  if (url.length === 0 || url.length > 2048) throw invalid(t('webhooks.create.urlInvalid', { max: 2048 }), 'url');
  return url;
}

export async function createEndpointAction(_: ActionState, form: FormData): Promise<ActionState> {
  return runAction(PORTAL_ROLES.admin, async ({ ctx }) => {
    const t = await portalT('admin');
    const mode = formMode(form, t('keyForm.modeInvalid'));
    const input = {
      url: urlOf(form, t),
      description: formLine(form, 'description').slice(0, 500) || null,
      eventTypes: eventTypesOf(form, t),
    };
    const endpoint = await createWebhookEndpoint({ ctx: withMode(ctx, modeParam(mode)), input });
    revalidatePath('/portal/webhooks');
    return {
      message: t('webhooks.create.done', { mode, url: endpoint.url }),
      // The box's label stays English in every language: it names the value (`data-secret`).
      reveal: { 'Signing secret': endpoint.secret },
    };
  });
}

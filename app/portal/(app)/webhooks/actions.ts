'use server';

import { revalidatePath } from 'next/cache';
import { ServiceError } from '@/lib/errors';
import { type ActionState, formLine, runAction } from '@/lib/portal/action';
import { formList, formMode } from '@/lib/portal/admin/form';
import { modeParam, withMode } from '@/lib/portal/admin/webhooks';
import { PORTAL_ROLES } from '@/lib/portal/session';
import { createWebhookEndpoint } from '@/lib/webhooks/endpoints/create';
import { WEBHOOK_EVENT_TYPES } from '@/lib/webhooks/events';

const invalid = (message: string, field: string) =>
  new ServiceError('VALIDATION_ERROR', message, { details: { field } });

/** The same rule as the API's body: known types, or `*` for every type present and future. */
function eventTypesOf(form: FormData): string[] {
  const chosen = formList(form, 'eventTypes');
  if (chosen.includes('*')) return ['*'];
  if (chosen.length === 0) throw invalid('Choose at least one event type, or all of them.', 'eventTypes');
  const unknown = chosen.filter((t) => !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(t));
  if (unknown.length > 0) throw invalid(`Unknown event type(s): ${unknown.join(', ')}.`, 'eventTypes');
  return chosen;
}

function urlOf(form: FormData): string {
  const url = formLine(form, 'url');
  if (url.length === 0 || url.length > 2048)
    throw invalid('Give the URL deliveries are sent to (at most 2048 characters).', 'url');
  return url;
}

export async function createEndpointAction(_: ActionState, form: FormData): Promise<ActionState> {
  return runAction(PORTAL_ROLES.admin, async ({ ctx }) => {
    const mode = formMode(form);
    const input = {
      url: urlOf(form),
      description: formLine(form, 'description').slice(0, 500) || null,
      eventTypes: eventTypesOf(form),
    };
    const endpoint = await createWebhookEndpoint({ ctx: withMode(ctx, modeParam(mode)), input });
    revalidatePath('/portal/webhooks');
    return {
      message: `Created the ${mode === 'test' ? 'sandbox' : 'live'} endpoint ${endpoint.url}. Verify deliveries with this signing secret.`,
      reveal: { 'Signing secret': endpoint.secret },
    };
  });
}

import { type Db, prisma, type Tx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { writeAudit } from '../../domain/audit';
import type { DomainContext } from '../../domain/context';
import type { Resolver } from '../url-policy';
import { findEndpointOrThrow, requireDeliverableUrl, requireWebhooks } from './access';
import { endpointView } from './view';

export interface UpdateEndpointInput {
  url?: string;
  description?: string | null;
  eventTypes?: string[];
  enabled?: boolean;
}

/** Says which door paused the endpoint: an operator in the portal or an integration through the API. */
const pausedReason = (ctx: DomainContext) =>
  ctx.actor.channel === 'Portal' ? 'Disabled in the portal.' : 'Disabled through the API.';

/** Changes an endpoint; re-enabling clears the disabled state and the failure streak, disabling records who did it. */
export async function updateWebhookEndpoint({
  ctx,
  id,
  input,
  db = prisma,
  now = new Date(),
  resolve,
}: {
  ctx: DomainContext;
  id: string;
  input: UpdateEndpointInput;
  db?: Db | Tx;
  now?: Date;
  resolve?: Resolver;
}) {
  await requireWebhooks(db, ctx, 'change webhook endpoints');
  await findEndpointOrThrow(db, ctx, id);
  if (input.url !== undefined) await requireDeliverableUrl(ctx, input.url, resolve);
  return inTransaction(db, async (tx) => {
    const current = await findEndpointOrThrow(tx, ctx, id);
    const toggled = input.enabled !== undefined && input.enabled !== current.enabled;
    const row = await tx.webhookEndpoint.update({
      where: { id },
      data: {
        url: input.url,
        description: input.description,
        eventTypes: input.eventTypes && [...new Set(input.eventTypes)],
        ...(toggled && input.enabled
          ? { enabled: true, disabledAt: null, disabledReason: null, failingSince: null }
          : {}),
        ...(toggled && !input.enabled ? { enabled: false, disabledAt: now, disabledReason: pausedReason(ctx) } : {}),
      },
    });
    await writeAudit(tx, {
      companyId: ctx.companyId,
      eventType: 'WebhookEndpointUpdated',
      actor: ctx.actor,
      context: { webhookEndpointId: id, changed: Object.keys(input) },
    });
    return endpointView(row);
  });
}

/** Deletes an endpoint with its delivery history; events already in the outbox stay for the others. */
export async function deleteWebhookEndpoint({
  ctx,
  id,
  db = prisma,
}: {
  ctx: DomainContext;
  id: string;
  db?: Db | Tx;
}): Promise<void> {
  await requireWebhooks(db, ctx, 'delete webhook endpoints');
  await inTransaction(db, async (tx) => {
    const endpoint = await findEndpointOrThrow(tx, ctx, id);
    await tx.webhookEndpoint.delete({ where: { id } });
    await writeAudit(tx, {
      companyId: ctx.companyId,
      eventType: 'WebhookEndpointDeleted',
      actor: ctx.actor,
      context: { webhookEndpointId: id, url: endpoint.url },
    });
  });
}

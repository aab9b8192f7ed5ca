import { encryptSecret } from '../../crypto/secrets';
import { type Db, prisma, type Tx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { writeAudit } from '../../domain/audit';
import type { DomainContext } from '../../domain/context';
import { newWebhookSecret } from '../signing';
import type { Resolver } from '../url-policy';
import { requireDeliverableUrl, requireEndpointQuota, requireWebhooks } from './access';
import { endpointView } from './view';

export interface CreateEndpointInput {
  url: string;
  description?: string | null;
  /** Event type names, or `['*']` for every type, present and future. */
  eventTypes: string[];
}

/** A new endpoint in the caller's mode; its secret is in this answer only (stored encrypted). */
export async function createWebhookEndpoint({
  ctx,
  input,
  db = prisma,
  resolve,
}: {
  ctx: DomainContext;
  input: CreateEndpointInput;
  db?: Db | Tx;
  resolve?: Resolver;
}) {
  await requireWebhooks(db, ctx, 'create webhook endpoints');
  await requireDeliverableUrl(ctx, input.url, resolve);
  const secret = newWebhookSecret();
  const endpoint = await inTransaction(db, async (tx) => {
    await requireEndpointQuota(tx, ctx);
    const row = await tx.webhookEndpoint.create({
      data: {
        companyId: ctx.companyId,
        mode: ctx.mode ?? 'LIVE',
        url: input.url,
        description: input.description ?? null,
        eventTypes: [...new Set(input.eventTypes)],
        secretEnc: encryptSecret(secret),
      },
    });
    await writeAudit(tx, {
      companyId: ctx.companyId,
      eventType: 'WebhookEndpointCreated',
      actor: ctx.actor,
      context: { webhookEndpointId: row.id, url: row.url, eventTypes: row.eventTypes },
    });
    return row;
  });
  return { ...endpointView(endpoint), secret };
}

import { type Db, prisma, type Tx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { writeAudit } from '../../domain/audit';
import type { DomainContext } from '../../domain/context';
import { requireWebhooks } from './access';
import { findDeliveryOrThrow } from './list';
import { deliveryView } from './view';

/**
 * Queues one more attempt, due now, of any delivery (failed, pending or already delivered). It is attempt
 * number attemptCount + 1; once the automatic schedule is spent, a failed redelivery is FAILED again at once.
 * An endpoint that is disabled keeps it queued until it is re-enabled.
 */
export async function redeliverWebhook({
  ctx,
  id,
  db = prisma,
  now = new Date(),
}: {
  ctx: DomainContext;
  id: string;
  db?: Db | Tx;
  now?: Date;
}) {
  await requireWebhooks(db, ctx, 'redeliver webhooks');
  return inTransaction(db, async (tx) => {
    await findDeliveryOrThrow(tx, ctx, id);
    await tx.webhookDelivery.update({ where: { id }, data: { status: 'PENDING', nextAttemptAt: now } });
    const delivery = await findDeliveryOrThrow(tx, ctx, id);
    await writeAudit(tx, {
      companyId: ctx.companyId,
      eventType: 'WebhookRedeliveryQueued',
      actor: ctx.actor,
      context: { webhookDeliveryId: id, webhookEndpointId: delivery.endpointId },
    });
    return deliveryView(delivery);
  });
}

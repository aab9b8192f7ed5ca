import type { Tx } from '../../db/client';
import type { Prisma } from '../../db/generated/client';
import type { Mode } from '../../db/generated/enums';
import { writeAudit } from '../../domain/audit';
import type { DomainContext } from '../../domain/context';
import { emitEvent, type WebhookEventType } from '../../webhooks/events';

/** The webhook events that announce a change, in order, each with its payload beside the `productId` it names. */
export type ProductEvents = Partial<Record<WebhookEventType, Prisma.InputJsonObject>>;

/**
 * A change to a product put on the record in the caller's transaction, so it commits with the change: the actor's
 * audit row (`eventType`, `context`) under the product's company, and the events of the product's mode.
 */
export async function recordProductChange(
  tx: Tx,
  ctx: DomainContext,
  product: { id: string; companyId: string; mode: Mode },
  eventType: string,
  context: Prisma.InputJsonObject,
  events: ProductEvents,
): Promise<void> {
  await writeAudit(tx, { companyId: product.companyId, productId: product.id, eventType, actor: ctx.actor, context });
  for (const [type, data] of Object.entries(events) as [WebhookEventType, Prisma.InputJsonObject][]) {
    await emitEvent(tx, {
      companyId: product.companyId,
      mode: product.mode,
      type,
      data: { productId: product.id, ...data },
    });
  }
}

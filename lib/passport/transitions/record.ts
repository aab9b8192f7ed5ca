import type { Tx } from '../../db/client';
import type { Prisma } from '../../db/generated/client';
import type { Mode } from '../../db/generated/enums';
import { writeAudit } from '../../domain/audit';
import type { DomainContext } from '../../domain/context';
import { emitEvent, type WebhookEventType } from '../../webhooks/events';

export interface ProductAudit {
  eventType: string;
  context?: Prisma.InputJsonObject;
}

export interface ProductEvent {
  type: WebhookEventType;
  /** The payload beside `productId`, which every product event names first. */
  data?: Prisma.InputJsonObject;
}

/**
 * A change to a product put on the record in the caller's transaction, so it commits with the change: the actor's
 * audit row under the product's company, and the events of the product's mode that integrators learn of it by.
 */
export async function recordProductChange(
  tx: Tx,
  ctx: DomainContext,
  product: { id: string; companyId: string; mode: Mode },
  audit: ProductAudit,
  ...events: ProductEvent[]
): Promise<void> {
  await writeAudit(tx, {
    companyId: product.companyId,
    productId: product.id,
    eventType: audit.eventType,
    actor: ctx.actor,
    context: audit.context,
  });
  for (const event of events) {
    await emitEvent(tx, {
      companyId: product.companyId,
      mode: product.mode,
      type: event.type,
      data: { productId: product.id, ...event.data },
    });
  }
}

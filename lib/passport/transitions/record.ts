import type { Tx } from '../../db/client';
import type { Prisma } from '../../db/generated/client';
import type { Mode } from '../../db/generated/enums';
import type { DomainContext } from '../../domain/context';
import type { WebhookEventType } from '../../webhooks/events';

/** The webhook events that announce a change, in order, each with its payload beside the `productId` it names. */
export type ProductEvents = Partial<Record<WebhookEventType, Prisma.InputJsonObject>>;

/**
 * A change to a product put on the record in the caller's transaction, so it commits with the change: the actor's
 * audit row (`eventType`, `context`) under the product's company, and the events of the product's mode, in order.
 * One statement: every publication and every imported row pays for it.
 */
export async function recordProductChange(
  tx: Tx,
  ctx: DomainContext,
  product: { id: string; companyId: string; mode: Mode },
  eventType: string,
  context: Prisma.InputJsonObject,
  events: ProductEvents,
): Promise<void> {
  // The statement's own clock (not the transaction's start), so rows of several changes in one transaction keep their order.
  const now = `(clock_timestamp() AT TIME ZONE 'UTC')`;
  const entries = Object.entries(events) as [WebhookEventType, Prisma.InputJsonObject][];
  const values: unknown[] = [
    product.companyId,
    product.id,
    eventType,
    ctx.actor.role,
    ctx.actor.id,
    ctx.actor.channel,
    JSON.stringify(context),
    product.mode,
  ];
  // Each event a row of its own, a millisecond apart in the order given (deliveries go by createdAt, then id).
  const rows = entries.map(([type, data], i) => {
    values.push(type, JSON.stringify({ productId: product.id, ...data }));
    const at = `${now} + interval '${i} millisecond'`;
    return `(gen_random_uuid(), $1::uuid, $8::"Mode", $${values.length - 1}, $${values.length}::jsonb, ${at})`;
  });
  const audit = `INSERT INTO "AuditLog" ("id", "companyId", "productId", "eventType", "actorRole", "actorId", "eventChannel", "eventContext", "createdAt")
    VALUES (gen_random_uuid(), $1::uuid, $2::uuid, $3, $4, $5, $6, $7::jsonb, ${now})`;
  const text =
    rows.length === 0
      ? audit
      : `WITH audit AS (${audit})
    INSERT INTO "WebhookEvent" ("id", "companyId", "mode", "type", "payload", "createdAt") VALUES ${rows.join(', ')}`;
  await tx.$executeRawUnsafe(text, ...values);
}

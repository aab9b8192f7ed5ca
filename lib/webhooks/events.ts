import type { Tx } from '../db/client';
import type { Prisma } from '../db/generated/client';
import type { Mode } from '../db/generated/enums';

export const WEBHOOK_EVENT_TYPES = [
  'product.created',
  'product.updated',
  'product.submitted',
  'product.approved',
  'product.rejected',
  'product.withdrawn',
  'product.deprecated',
  'product.reinstated',
  'product.recycled',
  'passport.published',
  'passport.telemetry_updated',
  'document.uploaded',
  'import.completed',
  'registry.failed',
  'handover.offered',
  'handover.accepted',
  'handover.declined',
  'handover.expired',
  'handover.completed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Records an event in the outbox inside the caller's transaction; the delivery worker fans it out later. */
export async function emitEvent(
  tx: Tx,
  event: { companyId: string; mode: Mode; type: WebhookEventType; data: Prisma.InputJsonObject },
): Promise<void> {
  await tx.webhookEvent.create({
    data: { companyId: event.companyId, mode: event.mode, type: event.type, payload: event.data },
  });
}

import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint, WebhookEvent } from '../../db/generated/client';
import { iso } from '../../domain/iso';

/** An endpoint as the API answers it: never a secret, except the one `secret` member of create and rotate. */
export function endpointView(e: WebhookEndpoint) {
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    eventTypes: e.eventTypes,
    mode: e.mode === 'TEST' ? ('test' as const) : ('live' as const),
    enabled: e.enabled,
    disabledAt: iso(e.disabledAt),
    disabledReason: e.disabledReason,
    failingSince: iso(e.failingSince),
    previousSecretExpiresAt: e.previousSecretEnc ? iso(e.previousSecretExpiresAt) : null,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}

export type DeliveryWithHistory = WebhookDelivery & {
  event: Pick<WebhookEvent, 'id' | 'type' | 'createdAt'>;
  attempts: WebhookAttempt[];
};

/** A delivery with its attempts, oldest attempt first. */
export function deliveryView(d: DeliveryWithHistory) {
  return {
    id: d.id,
    endpointId: d.endpointId,
    eventId: d.event.id,
    eventType: d.event.type,
    eventCreatedAt: d.event.createdAt.toISOString(),
    status: d.status,
    attemptCount: d.attemptCount,
    nextAttemptAt: d.status === 'PENDING' ? iso(d.nextAttemptAt) : null,
    lastAttemptAt: iso(d.lastAttemptAt),
    createdAt: d.createdAt.toISOString(),
    attempts: d.attempts.map((a) => ({
      attemptNumber: a.attemptNumber,
      startedAt: a.startedAt.toISOString(),
      durationMs: a.durationMs,
      responseStatus: a.responseStatus,
      responseExcerpt: a.responseExcerpt,
      error: a.error,
    })),
  };
}

export const DELIVERY_INCLUDE = {
  event: { select: { id: true, type: true, createdAt: true } },
  attempts: { orderBy: { attemptNumber: 'asc' as const } },
};

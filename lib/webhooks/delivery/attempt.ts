import type { LookupFunction } from 'node:net';
import type { Db } from '../../db/client';
import type { WebhookDelivery, WebhookEndpoint, WebhookEvent } from '../../db/generated/client';
import { signedHeaders, signingSecrets } from '../signing';
import { type PostResult, postDelivery } from './post';
import { isSuccess, nextAttemptAt } from './schedule';

export type DeliveryRow = WebhookDelivery & { endpoint: WebhookEndpoint; event: WebhookEvent };

export interface AttemptOptions {
  /** The worker's clock for scheduling and records (tests pass a fake one). */
  now: Date;
  /** The signature's timestamp: the wall clock, since receivers check it against theirs. */
  signedAt: Date;
  allowPrivate: boolean;
  timeoutMs?: number;
  /** DNS resolution for the connection (tests map names to addresses); the SSRF check runs on its answers. */
  resolve?: LookupFunction;
}

/** The JSON body of every delivery of an event: `{ id, type, createdAt, data }`. */
export function deliveryPayload(event: WebhookEvent): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    createdAt: event.createdAt.toISOString(),
    data: event.payload,
  });
}

/** One attempt: sign, POST, and record it with the delivery's new state and the endpoint's failure streak. */
export async function attemptDelivery(db: Db, delivery: DeliveryRow, options: AttemptOptions): Promise<PostResult> {
  const { endpoint, event } = delivery;
  const body = deliveryPayload(event);
  const headers = signedHeaders(signingSecrets(endpoint, options.now), event.id, options.signedAt, body);
  const result = await postDelivery({
    url: endpoint.url,
    mode: endpoint.mode,
    allowPrivate: options.allowPrivate,
    headers,
    body,
    timeoutMs: options.timeoutMs,
    resolve: options.resolve as never,
  });
  const ok = isSuccess(result.status);
  const attemptNumber = delivery.attemptCount + 1;
  const next = ok ? null : nextAttemptAt(attemptNumber, options.now);
  await db.$transaction([
    db.webhookAttempt.create({
      data: {
        deliveryId: delivery.id,
        attemptNumber,
        startedAt: options.now,
        durationMs: result.durationMs,
        responseStatus: result.status,
        responseExcerpt: result.excerpt,
        error: result.error ?? (ok ? null : `The receiver answered ${result.status}; only 2xx counts as delivered.`),
      },
    }),
    db.webhookDelivery.update({
      where: { id: delivery.id },
      data: {
        attemptCount: attemptNumber,
        lastAttemptAt: options.now,
        status: ok ? 'SUCCEEDED' : next ? 'PENDING' : 'FAILED',
        nextAttemptAt: next,
      },
    }),
    ok
      ? db.webhookEndpoint.updateMany({
          where: { id: endpoint.id, failingSince: { not: null } },
          data: { failingSince: null },
        })
      : db.webhookEndpoint.updateMany({
          where: { id: endpoint.id, failingSince: null },
          data: { failingSince: options.now },
        }),
  ]);
  return result;
}

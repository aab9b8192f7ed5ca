import type { LookupFunction } from 'node:net';
import { config } from '../../config';
import { type Db, prisma } from '../../db/client';
import { writeAudit } from '../../domain/audit';
import { systemActor } from '../../domain/context';
import { attemptDelivery } from './attempt';
import { claimDueDeliveries, fanOutEvents } from './fanout';
import { DELIVERY_TIMEOUT_MS } from './post';
import { DISABLE_AFTER_FAILING_MS } from './schedule';

export interface PassOptions {
  /** The worker's clock: tests pass a fake `now` instead of waiting. */
  now?: Date;
  db?: Db;
  allowPrivate?: boolean;
  resolve?: LookupFunction;
  timeoutMs?: number;
  /** Deliveries attempted per pass at most. */
  batch?: number;
}

export interface PassSummary {
  fannedOut: number;
  attempted: number;
  succeeded: number;
  disabled: number;
}

/** One pass of the webhook worker: fan out new events, disable endpoints failing for 5 days, attempt what is due. */
export async function runDeliveryPass(options: PassOptions = {}): Promise<PassSummary> {
  const { now = new Date(), db = prisma, batch = 50, timeoutMs = DELIVERY_TIMEOUT_MS } = options;
  const allowPrivate = options.allowPrivate ?? config().WEBHOOKS_ALLOW_PRIVATE;
  const fannedOut = await fanOutEvents(db, now);
  const disabled = await disableFailingEndpoints(db, now);
  // The claim outlives the attempts of the batch: each is at most one timeout long.
  const ids = await claimDueDeliveries(db, now, new Date(now.getTime() + (batch + 1) * timeoutMs), batch);
  const due = await db.webhookDelivery.findMany({
    where: { id: { in: ids } },
    include: { endpoint: true, event: true },
    orderBy: [{ event: { createdAt: 'asc' } }, { eventId: 'asc' }],
  });
  let succeeded = 0;
  for (const delivery of due) {
    const result = await attemptDelivery(db, delivery, {
      now,
      signedAt: new Date(),
      allowPrivate,
      timeoutMs,
      resolve: options.resolve,
    });
    if (result.status !== null && result.status >= 200 && result.status < 300) succeeded += 1;
  }
  return { fannedOut, attempted: due.length, succeeded, disabled };
}

/** Endpoints whose failure streak began 5 days before `now` are disabled, with the reason their owner reads. */
export async function disableFailingEndpoints(db: Db, now: Date): Promise<number> {
  const failing = await db.webhookEndpoint.findMany({
    where: { enabled: true, failingSince: { lte: new Date(now.getTime() - DISABLE_AFTER_FAILING_MS) } },
    select: { id: true, companyId: true, failingSince: true },
  });
  for (const endpoint of failing) {
    const reason = `Every delivery failed for 5 days (since ${endpoint.failingSince!.toISOString()}); fix the receiver, then re-enable the endpoint (PATCH enabled: true).`;
    await db.$transaction(async (tx) => {
      await tx.webhookEndpoint.update({
        where: { id: endpoint.id },
        data: { enabled: false, disabledAt: now, disabledReason: reason },
      });
      await writeAudit(tx, {
        companyId: endpoint.companyId,
        eventType: 'WebhookEndpointDisabled',
        actor: systemActor('webhook-worker'),
        context: { webhookEndpointId: endpoint.id, reason },
      });
    });
  }
  return failing.length;
}

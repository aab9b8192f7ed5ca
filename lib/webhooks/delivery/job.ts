import { type Db, prisma, type Tx } from '../../db/client';
import { passSession, type SessionOptions } from '../../jobs/pass-session';
import { sessionJob } from '../../jobs/session-job';
import { type PassSummary, runDeliveryPass } from './pass';

/** One delivery session (see lib/jobs/pass-session.ts): passes every 2 s for 50 s. */
export const deliverySession = (options: SessionOptions<PassSummary> = {}) =>
  passSession(
    { pass: () => runDeliveryPass(), empty: { fannedOut: 0, attempted: 0, succeeded: 0, disabled: 0 } },
    options,
  );

/**
 * Makes due again the deliveries a dead worker had claimed and not attempted: a claim moves a never-attempted
 * delivery's nextAttemptAt into the future, nothing else does. Run only by the session that took the worker's
 * lapsed lease over, so no live worker holds these claims. A retry claimed at the crash (attemptCount > 0) cannot be
 * told from one scheduled later and waits for its claim to lapse.
 */
export async function releaseDeadDeliveryClaims(db: Db | Tx = prisma): Promise<number> {
  return db.$executeRaw`
    UPDATE "WebhookDelivery" SET "nextAttemptAt" = (CURRENT_TIMESTAMP AT TIME ZONE 'UTC')::timestamp(3)
    WHERE "status" = 'PENDING' AND "attemptCount" = 0
      AND "nextAttemptAt" > (CURRENT_TIMESTAMP AT TIME ZONE 'UTC')::timestamp(3)`;
}

/** The webhook worker: a session every minute and at launch, under the worker's lease (lib/jobs/session-job.ts). */
export const webhookDeliveries = sessionJob({
  name: 'webhook-deliveries',
  pass: () => runDeliveryPass(),
  empty: { fannedOut: 0, attempted: 0, succeeded: 0, disabled: 0 },
  busy: (output) => output.attempted > 0 || output.disabled > 0,
  releaseClaims: () => releaseDeadDeliveryClaims(),
});

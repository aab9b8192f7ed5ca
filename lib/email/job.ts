import { type Db, prisma, type Tx } from '../db/client';
import { sessionJob } from '../jobs/session-job';
import { runEmailPass } from './delivery-pass';

/**
 * Makes due again the mails a dead worker had claimed and not attempted (a claim moves a never-attempted mail's
 * nextAttemptAt into the future; nothing else does). Run only by the session that took the worker's lapsed lease
 * over. A retry claimed at the crash waits for its claim to lapse.
 */
export async function releaseDeadEmailClaims(db: Db | Tx = prisma): Promise<number> {
  return db.$executeRaw`
    UPDATE "EmailOutbox" SET "nextAttemptAt" = NULL
    WHERE "status" = 'PENDING' AND "attempts" = 0 AND "nextAttemptAt" > (CURRENT_TIMESTAMP AT TIME ZONE 'UTC')`;
}

/**
 * The email worker: sends the outbox through Resend, or holds it for the dev mailbox when no key is set; a session
 * every minute and at launch, passes 2 s apart, under the worker's lease (lib/jobs/session-job.ts).
 */
export const emailDelivery = sessionJob({
  name: 'email-delivery',
  pass: () => runEmailPass(),
  empty: { held: 0, attempted: 0, sent: 0, failed: 0 },
  busy: (output) => output.attempted > 0 || output.failed > 0,
  releaseClaims: () => releaseDeadEmailClaims(),
});

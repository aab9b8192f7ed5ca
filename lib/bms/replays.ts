import { type Db, prisma } from '../db/client';
import { BMS_REPLAY_WINDOW_SECONDS } from './signature';

/**
 * How long past its window a report's signature is kept: the window is judged on this instance's clock and expiry
 * on the database's, so a little slack keeps a skew between them from opening a gap.
 */
const SLACK_SECONDS = 60;

/** When a report signed at `timestamp` can no longer be accepted (plus the slack), as an ISO string. */
export const bmsSignatureExpiry = (timestamp: number): string =>
  new Date((timestamp + BMS_REPLAY_WINDOW_SECONDS + SLACK_SECONDS) * 1000).toISOString();

/** The report's own time (its signature timestamp), as an ISO string. */
export const reportTime = (timestamp: number): string => new Date(timestamp * 1000).toISOString();

/** The retention job: removes report signatures past their window; returns how many. */
export async function purgeExpiredBmsSignatures(db: Db = prisma, now = new Date()): Promise<number> {
  const { count } = await db.usedBmsSignature.deleteMany({ where: { expiresAt: { lte: now } } });
  return count;
}

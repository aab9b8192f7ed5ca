import { type Db, prisma } from '../db/client';
import type { BackupLag } from '../health';

/**
 * The replication lag, in one statement (0 s and 0 pending when the back-up holds every change): the passports due (as the worker's claim finds them) and the age of the
 * oldest of their changes, from when a worker first saw it or, not seen yet, the product's last update.
 */
export async function backupLag(now: Date = new Date(), db: Db = prisma): Promise<BackupLag> {
  const [row] = await db.$queryRaw<{ pending: bigint; oldest: Date | null }[]>`
    SELECT count(*) AS "pending", min(COALESCE(r."dueSince", p."updatedAt")) AS "oldest"
    FROM "Product" p LEFT JOIN "BackupReplica" r ON r."productId" = p."id"
    WHERE p."mode" = 'LIVE' AND p."version" >= 1 AND (r."productId" IS NULL OR p."revision" > r."revision")`;
  const oldest = row?.oldest ? row.oldest.getTime() : now.getTime();
  return { pending: Number(row?.pending ?? 0), lagSeconds: Math.max(0, Math.round((now.getTime() - oldest) / 1000)) };
}

/** How long one reading of the lag answers the health probes and the metrics scrape (a probe every second costs one scan per 5 s). */
export const LAG_READING_TTL_MS = 5_000;

/**
 * A reader that shares one reading among every caller for `ttlMs` and one query among concurrent callers: the lag
 * query scans the products, and health probes may come from several balancers every second. A failed reading is
 * not kept, so the next caller asks again.
 */
export function sharedLagReader(
  read: () => Promise<BackupLag>,
  ttlMs: number = LAG_READING_TTL_MS,
  clock: () => number = Date.now,
): () => Promise<BackupLag> {
  let kept: { at: number; reading: Promise<BackupLag> } | null = null;
  return () => {
    const now = clock();
    if (kept && now - kept.at < ttlMs) return kept.reading;
    const reading = read();
    const entry = { at: now, reading };
    kept = entry;
    reading.catch(() => {
      if (kept === entry) kept = null;
    });
    return reading;
  };
}

/** The lag as the health routes and the metrics read it: at most `LAG_READING_TTL_MS` old. */
export const recentBackupLag = sharedLagReader(() => backupLag());

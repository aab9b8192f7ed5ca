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

import { type Db, prisma } from '../db/client';

export interface BackupLag {
  /** Seconds since the oldest change the back-up does not hold yet was seen; 0 when it holds every change. */
  lagSeconds: number;
  /** Live passports whose back-up copy is behind their current revision (or missing). */
  pending: number;
}

/**
 * The replication lag, in one statement: the passports due (as the worker's claim finds them) and the age of the
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

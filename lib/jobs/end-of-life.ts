import { config } from '../config';
import { prisma } from '../db/client';
import { sqlRows } from '../db/sql';
import { systemActor } from '../domain/context';
import { closeRecycledPassport } from '../passport/transitions/recycle';
import { defineJob } from './job';

/** Rows one purge statement deletes: short transactions, and a crash loses at most one batch's work (redone). */
const PURGE_BATCH = 10_000;

const PURGE = `
  DELETE FROM "TelemetryReport" WHERE "id" IN (
    SELECT "id" FROM "TelemetryReport" WHERE "receivedAt" < $1::timestamp LIMIT ${PURGE_BATCH}
  )`;

/**
 * Deletes stored BMS reports older than TELEMETRY_RETENTION_DAYS, batch by batch (the BRIN index on receivedAt finds
 * the old pages). Each batch is its own statement: an interrupted run leaves only rows a later run deletes.
 */
export async function purgeTelemetryHistory(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - config().TELEMETRY_RETENTION_DAYS * 86_400_000);
  let purged = 0;
  for (;;) {
    const rows = await sqlRows<{ id: string }>({ text: `${PURGE} RETURNING "id"`, values: [cutoff] });
    purged += rows.length;
    if (rows.length < PURGE_BATCH) return purged;
  }
}

/**
 * Closes every recycled passport whose retention period is over (closeRecycledPassport: withdrawn with the
 * end-of-life reason, in its own transaction). A passport closed by an earlier or a parallel run is skipped.
 */
export async function closeExpiredRecycledPassports(now = new Date()): Promise<string[]> {
  const due = await prisma.product.findMany({
    where: { state: 'APPROVED', recycledRetainUntil: { lte: now } },
    select: { id: true, companyId: true },
    orderBy: { recycledRetainUntil: 'asc' },
  });
  const closed: string[] = [];
  for (const p of due) {
    const ctx = { companyId: p.companyId, actor: systemActor('end-of-life') };
    if (await closeRecycledPassport({ ctx, input: { productId: p.id } })) closed.push(p.id);
  }
  return closed;
}

/**
 * End of life, daily at 03:15 UTC: recycled passports past their retention period cease (Art. 77(8)), and the
 * history of dynamic data past its retention is purged. Both parts are idempotent and resume where a failed run
 * stopped: each selects only what is still due.
 */
export const endOfLifeJob = defineJob({
  name: 'end-of-life',
  cron: '15 3 * * *',
  queue: { retryLimit: 3, retryDelay: 300, retryBackoff: true, expireInSeconds: 60 * 60 },
  async handler(_data, { log, jobId }) {
    const closed = await closeExpiredRecycledPassports();
    const telemetryPurged = await purgeTelemetryHistory();
    log.info({ job: 'end-of-life', jobId, closed, telemetryPurged }, 'end-of-life pass done');
    return { closed: closed.length, telemetryPurged };
  },
});

import { type Db, prisma, type Tx } from '../../db/client';
import type { BatchRun } from '../../db/generated/client';
import { inTransaction } from '../../db/transaction';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { writeAudit } from '../../domain/audit';
import type { DomainContext } from '../../domain/context';
import { ServiceError } from '../../errors';
import type { JobLog } from '../../jobs/job';
import { batchProductsWhere } from './start-batch';

const CHUNK = 200;
const LANES = 3;

export interface BatchWorkOptions {
  log: JobLog;
  db?: Db;
  /** Checked before each passport: true ends the call early, leaving the run to be continued (a stopping runner). */
  shouldStop?: () => boolean;
  /** Called after each passport with the run's counters so far (the CLI prints progress). */
  onProgress?: (progress: { processed: number; failed: number; total: number }) => void;
}

/** One passport's decision, made in the caller's transaction through the transition verb. */
type Decide = (tx: Tx, ctx: DomainContext, productId: string) => Promise<unknown>;

/** Whether the run ended (COMPLETED) or was left to be continued. */
export type BatchWorkResult = 'completed' | 'stopped' | 'not-runnable';

/**
 * Works an import batch run: each passport still submitted under the import is decided in a transaction of its own
 * (which clears its `reviewImportId`) that also counts it on the run, so a restart takes up exactly what is left. A
 * passport the verb refuses leaves the batch too (its `reviewImportId` cleared, so it waits in the review queue on
 * its own), counted as failed with the refusal kept on an audit row of the passport; it never stops the run.
 */
export async function workImportBatch(
  run: BatchRun,
  decide: Decide,
  failedEvent: string,
  { log, db = prisma, shouldStop = () => false, onProgress }: BatchWorkOptions,
): Promise<BatchWorkResult> {
  const started = await db.batchRun.updateMany({
    where: { id: run.id, status: { in: ['QUEUED', 'RUNNING'] } },
    data: { status: 'RUNNING', startedAt: run.startedAt ?? new Date() },
  });
  if (started.count === 0) return 'not-runnable';
  const ctx: DomainContext = {
    companyId: run.companyId,
    mode: run.mode,
    actor: { role: run.actorRole, id: run.actorId, channel: run.actorChannel as DomainContext['actor']['channel'] },
  };
  const where = batchProductsWhere(run);
  for (;;) {
    const chunk = await db.product.findMany({ where, select: { id: true }, orderBy: { id: 'asc' }, take: CHUNK });
    if (chunk.length === 0) break;
    const queue = chunk.map((row) => row.id);
    let stopped = false;
    // A few passports at a time: each decision is mostly waiting on the database, and each is its own transaction.
    const lane = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        if (shouldStop()) {
          stopped = true;
          return;
        }
        const counters = await decideOne(db, run, ctx, id, decide, failedEvent, log);
        if (counters) onProgress?.(counters);
      }
    };
    await Promise.all(Array.from({ length: LANES }, lane));
    if (stopped) return 'stopped';
  }
  await db.batchRun.update({ where: { id: run.id }, data: { status: 'COMPLETED', finishedAt: new Date() } });
  return 'completed';
}

async function decideOne(
  db: Db,
  run: BatchRun,
  ctx: DomainContext,
  productId: string,
  decide: Decide,
  failedEvent: string,
  log: JobLog,
) {
  try {
    return await inTransaction(db, async (tx) => {
      // The transition verbs clear reviewImportId as the passport leaves review.
      await decide(tx, ctx, productId);
      return count(tx, run.id, false);
    });
  } catch (error) {
    // An unreachable database ends the call (the job retries and resumes); anything else is this passport's failure.
    if (isDatabaseUnavailable(error)) throw error;
    const code = error instanceof ServiceError ? error.code : 'INTERNAL_ERROR';
    const message = error instanceof Error ? error.message : String(error);
    return inTransaction(db, async (tx) => {
      // Decided elsewhere meanwhile (a single approval, say): no longer this batch's to count.
      const left = await tx.product.updateMany({
        where: { id: productId, ...batchProductsWhere(run) },
        data: { reviewImportId: null },
      });
      if (left.count === 0) return null;
      log.warn({ batchRunId: run.id, productId, code, err: message }, 'batch decision refused');
      await writeAudit(tx, {
        companyId: run.companyId,
        productId,
        eventType: failedEvent,
        actor: ctx.actor,
        context: { importId: run.subjectId, batchRunId: run.id, code, message },
      });
      return count(tx, run.id, true);
    });
  }
}

async function count(tx: Tx, runId: string, failed: boolean) {
  const row = await tx.batchRun.update({
    where: { id: runId },
    data: { processed: { increment: 1 }, ...(failed ? { failed: { increment: 1 } } : {}) },
    select: { processed: true, failed: true, total: true },
  });
  return row;
}

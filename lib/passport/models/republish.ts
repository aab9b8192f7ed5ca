import { type Db, prisma, type Tx } from '../../db/client';
import type { BatchRun } from '../../db/generated/client';
import { inTransaction } from '../../db/transaction';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { writeAudit } from '../../domain/audit';
import type { DomainContext } from '../../domain/context';
import { ServiceError } from '../../errors';
import { loadProductForUpdate } from '../transitions/load';
import { publishVersion } from '../transitions/publish';
import { effectiveData } from './merge';
import { itemsToRepublish } from './republication';

const CHUNK = 200;

export interface RepublishOptions {
  db?: Db;
  /** Checked before each item: true ends the call early, leaving the run to be continued. */
  shouldStop?: () => boolean;
  /** Re-publish at most this many items in this call, then stop as a stopping runner would (tests of resumption). */
  limit?: number;
  onProgress?: (progress: { processed: number; failed: number; total: number }) => void;
  log?: { warn: (fields: object, message: string) => void };
}

export type RepublishResult = 'completed' | 'stopped' | 'not-runnable';

const runCtx = (run: BatchRun): DomainContext => ({
  companyId: run.companyId,
  mode: run.mode,
  actor: { role: run.actorRole, id: run.actorId, channel: run.actorChannel as DomainContext['actor']['channel'] },
});

async function count(tx: Tx, runId: string, failed: boolean) {
  return tx.batchRun.update({
    where: { id: runId },
    data: { processed: { increment: 1 }, ...(failed ? { failed: { increment: 1 } } : {}) },
    select: { processed: true, failed: true, total: true },
  });
}

/** One item in a transaction of its own: re-published on its model's latest published version, counted on the run. */
async function republishOne(db: Db, run: BatchRun, ctx: DomainContext, itemId: string) {
  return inTransaction(db, async (tx) => {
    const item = await loadProductForUpdate(tx, ctx, itemId);
    // Already done (another worker, a later run) or no longer published: not this run's to count.
    if (item.state !== 'APPROVED' || item.modelId !== run.subjectId || item.recycledAt) return null;
    if ((item.modelVersion ?? 0) >= (run.subjectVersion ?? 0)) return null;
    const effective = await effectiveData(tx, item);
    if (!effective.model) throw new ServiceError('SUBMIT_REJECTED', 'The model has no published version.');
    await publishVersion(tx, ctx, item, effective, {
      eventType: 'Republish',
      context: { batchRunId: run.id },
      events: (data) => ({ 'product.approved': data, 'passport.published': data }),
    });
    return count(tx, run.id, false);
  });
}

/**
 * Works a REPUBLISH_ITEMS run: each published item of the model still built on an older model version gets a new
 * version (its snapshot merged with, and naming, the model's latest published version), one transaction per item
 * that also counts it on the run. Idempotent and resumable: an item already at the run's model version is skipped,
 * so a second call (or a restart after a crash) does exactly what is left. A refused item is counted as failed, with
 * the refusal on an audit row of the item, and never stops the run.
 */
export async function republishItems(run: BatchRun, options: RepublishOptions = {}): Promise<RepublishResult> {
  const { db = prisma, shouldStop = () => false, limit = Number.POSITIVE_INFINITY, onProgress, log } = options;
  const started = await db.batchRun.updateMany({
    where: { id: run.id, kind: 'REPUBLISH_ITEMS', status: { in: ['QUEUED', 'RUNNING'] } },
    data: { status: 'RUNNING', startedAt: run.startedAt ?? new Date() },
  });
  if (started.count === 0) return 'not-runnable';
  const ctx = runCtx(run);
  let done = 0;
  let after: string | null = null;
  for (;;) {
    const chunk: { id: string }[] = await db.product.findMany({
      where: { ...itemsToRepublish(run), ...(after ? { id: { gt: after } } : {}) },
      select: { id: true },
      orderBy: { id: 'asc' },
      take: CHUNK,
    });
    if (chunk.length === 0) break;
    for (const { id } of chunk) {
      if (shouldStop() || done >= limit) return 'stopped';
      after = id;
      let counters: { processed: number; failed: number; total: number } | null;
      try {
        counters = await republishOne(db, run, ctx, id);
      } catch (error) {
        if (isDatabaseUnavailable(error)) throw error;
        const code = error instanceof ServiceError ? error.code : 'INTERNAL_ERROR';
        const message = error instanceof Error ? error.message : String(error);
        log?.warn({ batchRunId: run.id, productId: id, code, err: message }, 'item re-publication refused');
        counters = await inTransaction(db, async (tx) => {
          await writeAudit(tx, {
            companyId: run.companyId,
            productId: id,
            eventType: 'RepublishFailed',
            actor: ctx.actor,
            context: { batchRunId: run.id, modelVersion: run.subjectVersion, code, message },
          });
          return count(tx, run.id, true);
        });
      }
      if (counters) {
        done += 1;
        onProgress?.(counters);
      }
    }
  }
  await db.batchRun.update({ where: { id: run.id }, data: { status: 'COMPLETED', finishedAt: new Date() } });
  return 'completed';
}

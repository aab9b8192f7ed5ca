import type { Db, Tx } from '../../db/client';
import type { BatchRun } from '../../db/generated/client';
import type { DomainContext } from '../../domain/context';

export { BATCH_RUNS_JOB } from '../../imports/batch/start-batch';

/** The published items of a model still built on an older model version than `version`: what a run re-publishes. */
export const itemsToRepublish = (run: Pick<BatchRun, 'companyId' | 'mode' | 'subjectId' | 'subjectVersion'>) => ({
  companyId: run.companyId,
  mode: run.mode,
  modelId: run.subjectId,
  kind: 'ITEM' as const,
  state: 'APPROVED' as const,
  // A recycled battery's passport is closed (end of life): it keeps the version it was recycled on.
  recycledAt: null,
  OR: [{ modelVersion: null }, { modelVersion: { lt: run.subjectVersion ?? 0 } }],
});

/**
 * In the transaction that publishes a model's version N: a REPUBLISH_ITEMS run over its published items (none
 * queued when it has none), worked by the `batch-runs` job after the commit.
 */
export async function queueRepublication(
  tx: Tx,
  ctx: DomainContext,
  model: { id: string; companyId: string; mode: BatchRun['mode']; version: number },
): Promise<BatchRun | null> {
  const subject = { companyId: model.companyId, mode: model.mode, subjectId: model.id, subjectVersion: model.version };
  const total = await tx.product.count({ where: itemsToRepublish(subject) });
  if (total === 0) return null;
  return tx.batchRun.create({
    data: {
      ...subject,
      kind: 'REPUBLISH_ITEMS',
      total,
      actorRole: ctx.actor.role,
      actorId: ctx.actor.id,
      actorChannel: ctx.actor.channel,
    },
  });
}

/** A model's re-publication progress as its product view shows it (the latest run), or null when it never had one. */
export interface RepublicationView {
  id: string;
  status: BatchRun['status'];
  total: number;
  processed: number;
  failed: number;
  modelVersion: number;
}

export async function latestRepublication(
  db: Db | Tx,
  model: { id: string; companyId: string; kind: string },
): Promise<RepublicationView | null> {
  if (model.kind !== 'MODEL') return null;
  const run = await db.batchRun.findFirst({
    where: { companyId: model.companyId, subjectId: model.id, kind: 'REPUBLISH_ITEMS' },
    orderBy: { createdAt: 'desc' },
  });
  if (!run) return null;
  return {
    id: run.id,
    status: run.status,
    total: run.total,
    processed: run.processed,
    failed: run.failed,
    modelVersion: run.subjectVersion ?? 0,
  };
}

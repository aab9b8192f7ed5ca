import type { Db, Tx } from '../../db/client';
import { prisma } from '../../db/client';
import type { BatchRun } from '../../db/generated/client';
import { inTransaction } from '../../db/transaction';
import { writeAudit } from '../../domain/audit';
import type { DomainContext } from '../../domain/context';
import { ServiceError } from '../../errors';
import { isUuid } from '../../ids';
import { sendJob } from '../../jobs/runner';
import { REVIEW_ROLES, requireRole } from '../../passport/transitions/result';

/** The pg-boss queue that works BatchRun rows (lib/batch-runs/job.ts). */
export const BATCH_RUNS_JOB = 'batch-runs';

type ImportBatchKind = 'PUBLISH_IMPORT' | 'REJECT_IMPORT';

const AUDIT_EVENT: Record<ImportBatchKind, string> = { PUBLISH_IMPORT: 'BatchApprove', REJECT_IMPORT: 'BatchReject' };
const ACTION: Record<ImportBatchKind, string> = { PUBLISH_IMPORT: 'approve', REJECT_IMPORT: 'reject' };

/** The products a batch decision acts on: still submitted, put in review by the import's submission. */
export const batchProductsWhere = (run: { companyId: string; mode: BatchRun['mode']; subjectId: string }) => ({
  companyId: run.companyId,
  mode: run.mode,
  reviewImportId: run.subjectId,
  state: 'SUBMITTED' as const,
});

/**
 * A reviewer's decision on an import's whole submission: one BatchRun (worked by the `batch-runs` job) and one audit
 * row for the batch, committed together, then the job is woken. The import's row is locked so two decisions on the
 * same batch run one after the other and the second sees the first's run.
 */
export async function startImportBatch(
  kind: ImportBatchKind,
  { ctx, importId, reason, db = prisma }: { ctx: DomainContext; importId: string; reason?: string; db?: Db | Tx },
): Promise<BatchRun> {
  requireRole(ctx, REVIEW_ROLES, `${ACTION[kind]} an import batch`);
  if (!isUuid(importId)) throw new ServiceError('INVALID_ID', 'The import id is not a valid UUID.');
  const run = await inTransaction(db, async (tx) => {
    const locked = await tx.$queryRaw<{ id: string; mode: BatchRun['mode']; submitting: boolean }[]>`
      SELECT "id", "mode", ("submittedAt" IS NOT NULL AND "submitFinishedAt" IS NULL) AS "submitting"
      FROM "ImportJob"
      WHERE "id" = ${importId}::uuid AND "companyId" = ${ctx.companyId}::uuid FOR UPDATE`;
    const job = locked[0];
    if (!job || (ctx.mode && job.mode !== ctx.mode)) throw new ServiceError('NOT_FOUND', 'No such import.');
    // The batch is decided whole: not while its drafts are still being submitted into it.
    if (job.submitting) {
      throw new ServiceError('INVALID_STATE', 'The import is still submitting its drafts; decide once it is done.', {
        reason: 'SUBMISSION_RUNNING',
      });
    }
    const going = await tx.batchRun.findFirst({
      where: {
        companyId: ctx.companyId,
        subjectId: importId,
        kind: { in: ['PUBLISH_IMPORT', 'REJECT_IMPORT'] },
        status: { in: ['QUEUED', 'RUNNING'] },
      },
      select: { id: true, kind: true },
    });
    if (going) {
      throw new ServiceError('INVALID_STATE', 'A decision on this batch is already being carried out.', {
        reason: 'BATCH_RUNNING',
        details: { batchRunId: going.id, kind: going.kind },
      });
    }
    const total = await tx.product.count({
      where: batchProductsWhere({ companyId: ctx.companyId, mode: job.mode, subjectId: importId }),
    });
    if (total === 0) {
      throw new ServiceError('INVALID_STATE', 'Nothing of this import awaits review.', { reason: 'NOTHING_SUBMITTED' });
    }
    const created = await tx.batchRun.create({
      data: {
        companyId: ctx.companyId,
        mode: job.mode,
        kind,
        subjectId: importId,
        total,
        reason: reason ?? null,
        actorRole: ctx.actor.role,
        actorId: ctx.actor.id,
        actorChannel: ctx.actor.channel,
      },
    });
    await writeAudit(tx, {
      companyId: ctx.companyId,
      eventType: AUDIT_EVENT[kind],
      actor: ctx.actor,
      context: { importId, batchRunId: created.id, total, ...(reason ? { reason } : {}) },
    });
    return created;
  });
  await sendJob(BATCH_RUNS_JOB, { id: run.id });
  return run;
}

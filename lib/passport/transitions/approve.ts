import { prisma } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { VerbArgs } from '../../domain/context';
import { sendJob } from '../../jobs/runner';
import { effectiveData, requireModelPublished } from '../models/merge';
import { BATCH_RUNS_JOB, queueRepublication } from '../models/republication';
import { loadProductForUpdate, requireState } from './load';
import { publishVersion } from './publish';
import { lifecycleResult, REVIEW_ROLES, requireRole } from './result';

/**
 * Approval is publication: submitted → published as version N+1, with an immutable snapshot. The first
 * publication sets `publishedAt`; every one sets `lastPublishedAt`. An item is published with its model's latest
 * published fields merged under its own (refused while the model has none); a model's new version queues the
 * re-publication of its published items (a REPUBLISH_ITEMS batch run, worked by the `batch-runs` job).
 */
export async function approveProduct({ ctx, input, db = prisma }: VerbArgs<{ productId: string }>) {
  requireRole(ctx, REVIEW_ROLES, 'approve a passport');
  const { result, runId } = await inTransaction(db, async (tx) => {
    const product = await loadProductForUpdate(tx, ctx, input.productId);
    requireState(product, ['SUBMITTED'], 'approve');
    const effective = await effectiveData(tx, product);
    requireModelPublished(product, effective, 'approve');
    const updated = await publishVersion(tx, ctx, product, effective, {
      eventType: 'Approve',
      // Decided: no longer part of an import's batch in review.
      data: { state: 'APPROVED', reviewImportId: null },
      events: (data) => ({ 'product.approved': data, 'passport.published': data }),
    });
    const run = product.kind === 'MODEL' ? await queueRepublication(tx, ctx, updated) : null;
    return { result: lifecycleResult(updated), runId: run?.id ?? null };
  });
  // Woken after the commit; a send lost (or made inside a caller's transaction) is taken up by the job's sweep.
  if (runId) await sendJob(BATCH_RUNS_JOB, { id: runId });
  return result;
}

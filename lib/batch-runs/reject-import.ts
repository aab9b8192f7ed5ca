import type { BatchRun } from '../db/generated/client';
import { type BatchWorkOptions, workImportBatch } from '../imports/batch/work-batch';
import { rejectProduct } from '../passport/transitions/reject';

/** REJECT_IMPORT: sends every passport of an import's submission back to draft with the batch's reason. */
export function rejectImport(run: BatchRun, options: BatchWorkOptions) {
  return workImportBatch(
    run,
    (tx, ctx, productId) => rejectProduct({ ctx, input: { productId, reason: run.reason ?? '' }, db: tx }),
    'BatchRejectFailed',
    options,
  );
}

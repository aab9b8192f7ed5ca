import type { BatchRun } from '../db/generated/client';
import { type BatchWorkOptions, workImportBatch } from '../imports/batch/work-batch';
import { approveProduct } from '../passport/transitions/approve';

/** PUBLISH_IMPORT: publishes every passport an import's submission put in review, each through approveProduct. */
export function publishImport(run: BatchRun, options: BatchWorkOptions) {
  return workImportBatch(
    run,
    (tx, ctx, productId) => approveProduct({ ctx, input: { productId }, db: tx }),
    'BatchApproveFailed',
    options,
  );
}

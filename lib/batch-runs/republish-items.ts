import type { BatchRun } from '../db/generated/client';
import type { BatchWorkOptions } from '../imports/batch/work-batch';
import { republishItems } from '../passport/models/republish';

/** REPUBLISH_ITEMS: a model's new published version rolled out to its published items, one transaction each. */
export function republishModelItems(run: BatchRun, options: BatchWorkOptions) {
  return republishItems(run, options);
}

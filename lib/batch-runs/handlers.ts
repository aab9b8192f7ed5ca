import type { BatchRun } from '../db/generated/client';
import type { BatchRunKind } from '../db/generated/enums';
import type { BatchWorkOptions, BatchWorkResult } from '../imports/batch/work-batch';
import { publishImport } from './publish-import';
import { rejectImport } from './reject-import';
import { republishModelItems } from './republish-items';

/** Works one run to its end (or until `shouldStop`); a restart continues with what is left. */
export type BatchRunHandler = (run: BatchRun, options: BatchWorkOptions) => Promise<BatchWorkResult>;

/** What the `batch-runs` job does for each kind of run: one handler each, in its own file. */
export const BATCH_RUN_HANDLERS: Partial<Record<BatchRunKind, BatchRunHandler>> = {
  PUBLISH_IMPORT: publishImport,
  REJECT_IMPORT: rejectImport,
  REPUBLISH_ITEMS: republishModelItems,
};

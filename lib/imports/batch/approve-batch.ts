import type { VerbArgs } from '../../domain/context';
import { startImportBatch } from './start-batch';

/**
 * A reviewer approves an import's submission in one decision: every passport it put in review is published by the
 * `batch-runs` job through approveProduct, each with its own audit row; this call records the batch's.
 */
export async function approveImportBatch({ ctx, input, db }: VerbArgs<{ importId: string }>) {
  return startImportBatch('PUBLISH_IMPORT', { ctx, importId: input.importId, db });
}

import type { VerbArgs } from '../../domain/context';
import { ServiceError } from '../../errors';
import { REVIEW_ROLES, requireRole } from '../../passport/transitions/result';
import { startImportBatch } from './start-batch';

/** A reviewer sends an import's whole submission back to draft with one reason, carried to every passport. */
export async function rejectImportBatch({ ctx, input, db }: VerbArgs<{ importId: string; reason: string }>) {
  requireRole(ctx, REVIEW_ROLES, 'reject an import batch');
  const reason = input.reason?.trim();
  if (!reason)
    throw new ServiceError('VALIDATION_ERROR', 'A rejection needs a reason.', { details: { field: 'reason' } });
  return startImportBatch('REJECT_IMPORT', { ctx, importId: input.importId, reason, db });
}

import { prisma } from '../db/client';
import { inTransaction } from '../db/transaction';
import { lockAuditChain, writeAudit } from '../domain/audit';
import type { VerbArgs } from '../domain/context';
import { ServiceError } from '../errors';
import { requireRole } from '../passport/transitions/result';
import { findImportOrThrow, IMPORT_ROLES } from './access';
import type { ImportRecord } from './view';

/**
 * Stops an import: a queued one is cancelled at once; a running one is asked to stop, and its worker stops between
 * two rows (rows done stay done) and marks it cancelled. A finished import is 409 INVALID_STATE.
 */
export async function cancelImport({
  ctx,
  input,
  db = prisma,
  now = new Date(),
}: VerbArgs<{ importId: string }>): Promise<ImportRecord> {
  requireRole(ctx, IMPORT_ROLES, 'cancel an import');
  return inTransaction(db, async (tx) => {
    // The audit chain before the import's row, as each row's transaction takes them (lib/domain/audit.ts).
    await lockAuditChain(tx, ctx.companyId);
    const job = await findImportOrThrow(tx, ctx, input.importId);
    const queued = await tx.importJob.updateMany({
      where: { id: job.id, status: 'QUEUED' },
      data: { status: 'CANCELLED', cancelRequestedAt: now, finishedAt: now },
    });
    if (queued.count === 0) {
      const running = await tx.importJob.updateMany({
        where: { id: job.id, status: 'RUNNING', cancelRequestedAt: null },
        data: { cancelRequestedAt: now },
      });
      if (running.count === 0 && !(job.status === 'RUNNING' && job.cancelRequestedAt))
        throw new ServiceError(
          'INVALID_STATE',
          `The import is ${job.status.toLowerCase()}; only a queued or running import can be cancelled.`,
        );
    }
    await writeAudit(tx, {
      companyId: ctx.companyId,
      eventType: 'ImportCancelRequested',
      actor: ctx.actor,
      context: { importId: job.id },
    });
    return tx.importJob.findUniqueOrThrow({ where: { id: job.id } });
  });
}

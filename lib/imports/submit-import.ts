import { prisma } from '../db/client';
import { inTransaction } from '../db/transaction';
import { lockAuditChain, writeAudit } from '../domain/audit';
import type { VerbArgs } from '../domain/context';
import { ServiceError } from '../errors';
import { sendJob } from '../jobs/runner';
import { requireRole } from '../passport/transitions/result';
import { findImportOrThrow, IMPORT_ROLES } from './access';
import type { ImportRecord } from './view';

/** The queue that processes imports and their submissions (lib/imports/job.ts). */
export const IMPORTS_QUEUE = 'imports';

/**
 * Asks for every valid draft a completed import touched to be submitted for review. The drafts are submitted in the
 * background, one transaction each (the import's view shows `submission` with its counts, `finishedAt` once done);
 * an import not completed, or already submitted, is 409 INVALID_STATE.
 */
export async function submitImport({
  ctx,
  input,
  db = prisma,
  now = new Date(),
}: VerbArgs<{ importId: string }>): Promise<ImportRecord> {
  requireRole(ctx, IMPORT_ROLES, 'submit an import');
  const job = await inTransaction(db, async (tx) => {
    // The audit chain before the import's row, as each row's transaction takes them (lib/domain/audit.ts).
    await lockAuditChain(tx, ctx.companyId);
    const found = await findImportOrThrow(tx, ctx, input.importId);
    const asked = await tx.importJob.updateMany({
      where: { id: found.id, status: 'COMPLETED', submittedAt: null },
      data: { submittedAt: now },
    });
    if (asked.count === 0)
      throw new ServiceError(
        'INVALID_STATE',
        found.submittedAt
          ? 'The import has already been submitted.'
          : `The import is ${found.status.toLowerCase()}; only a completed import can be submitted.`,
      );
    await writeAudit(tx, {
      companyId: ctx.companyId,
      eventType: 'ImportSubmitRequested',
      actor: ctx.actor,
      context: { importId: found.id },
    });
    return tx.importJob.findUniqueOrThrow({ where: { id: found.id } });
  });
  await sendJob(IMPORTS_QUEUE, { importId: job.id, action: 'submit' }, db === prisma ? {} : { startAfter: 2 });
  return job;
}

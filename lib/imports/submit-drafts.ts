import { prisma } from '../db/client';
import { inTransaction } from '../db/transaction';
import { lockAuditChain, writeAudit } from '../domain/audit';
import type { Channel, DomainContext } from '../domain/context';
import { ServiceError } from '../errors';
import { submitProduct } from '../passport/transitions/submit';
import { withImportLock } from './process';

const PAGE = 500;
/** A draft that cannot be submitted stays a draft and is counted as refused. */
const REFUSALS = new Set(['SUBMIT_BLOCKED', 'INVALID_STATE', 'FIELD_VALIDATION_ERROR', 'NOT_FOUND']);

/** The import's drafts still to submit, past `after` in id order. */
const draftsAfter = (importId: string, after: string) =>
  prisma.$queryRawUnsafe<{ productId: string }[]>(
    `SELECT DISTINCT r."productId"::text AS "productId" FROM "ImportRow" r JOIN "Product" p ON p."id" = r."productId"
     WHERE r."importId" = $1::uuid AND r."outcome" <> 'failed' AND p."state" = 'DRAFT' AND r."productId" > $2::uuid
     ORDER BY 1 LIMIT ${PAGE}`,
    importId,
    after,
  );

/**
 * The background half of submitImport: every draft the import touched (rows not failed) submitted through the submit
 * verb, one transaction each with its reviewImportId, counted; drafts that miss mandated fields stay drafts and are
 * counted as refused. Resumable: submitted drafts are no longer drafts, so a second run takes up the rest.
 */
export async function submitImportDrafts(importId: string): Promise<'missing' | 'locked' | 'settled' | 'finished'> {
  const result = await withImportLock(importId, async () => {
    const job = await prisma.importJob.findUnique({ where: { id: importId } });
    if (!job) return 'missing' as const;
    if (!job.submittedAt || job.submitFinishedAt) return 'settled' as const;
    const ctx: DomainContext = {
      companyId: job.companyId,
      mode: job.mode,
      actor: { role: job.actorRole, id: job.actorId, channel: job.actorChannel as Channel },
    };
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const page = await draftsAfter(job.id, after);
      for (const { productId } of page) {
        try {
          await inTransaction(prisma, async (tx) => {
            await submitProduct({ ctx, db: tx, input: { productId, reviewImportId: job.id } });
            await tx.importJob.update({ where: { id: job.id }, data: { submittedCount: { increment: 1 } } });
          });
        } catch (error) {
          if (!(error instanceof ServiceError && REFUSALS.has(error.code))) throw error;
        }
      }
      if (page.length < PAGE) break;
      after = page[page.length - 1].productId;
    }
    const [{ refused }] = await prisma.$queryRawUnsafe<{ refused: number }[]>(
      `SELECT count(DISTINCT r."productId")::int AS refused FROM "ImportRow" r JOIN "Product" p ON p."id" = r."productId"
       WHERE r."importId" = $1::uuid AND r."outcome" <> 'failed' AND p."state" = 'DRAFT'`,
      job.id,
    );
    await inTransaction(prisma, async (tx) => {
      // The audit chain before the import's row, as a cancel's transaction takes them (lib/domain/audit.ts).
      await lockAuditChain(tx, job.companyId);
      const row = await tx.importJob.update({
        where: { id: job.id },
        data: { submitFinishedAt: new Date(), submitRefused: refused },
      });
      await writeAudit(tx, {
        companyId: job.companyId,
        eventType: 'ImportSubmitted',
        actor: ctx.actor,
        context: { importId: job.id, submitted: row.submittedCount, refused },
      });
    });
    return 'finished' as const;
  });
  return result ?? 'locked';
}

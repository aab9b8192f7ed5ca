import { prisma } from '../../db/client';
import type { Prisma } from '../../db/generated/client';
import type { Mode } from '../../db/generated/enums';
import { inTransaction } from '../../db/transaction';
import { writeAudit } from '../../domain/audit';
import type { VerbArgs } from '../../domain/context';
import { ServiceError } from '../../errors';
import { requireKeyAdmin, tenantKeys } from './find';

export interface BulkRevokeInput {
  /** These keys; ids of other companies or unknown ids are ignored (their existence is not revealed). */
  ids?: string[];
  /** Every key of the company (of the modes the caller manages). */
  all?: boolean;
  mode?: Mode;
  /** Leave the calling key alone; default true. */
  exceptSelf?: boolean;
}

/** Revokes many keys in one transaction; answers the ids it revoked (already revoked ones are not repeated). One audit row. */
export async function bulkRevokeKeys({
  ctx,
  input,
  db = prisma,
}: VerbArgs<BulkRevokeInput>): Promise<{ revoked: string[] }> {
  requireKeyAdmin(ctx, 'revoke API keys');
  if (!input.all && !(input.ids && input.ids.length > 0)) {
    throw new ServiceError('VALIDATION_ERROR', 'Name the keys to revoke in ids, or send all: true.', {
      details: { field: 'ids' },
    });
  }
  const self = ctx.actor.role === 'Integration' && (input.exceptSelf ?? true) ? ctx.actor.id : null;
  const where: Prisma.ApiKeyWhereInput = {
    AND: [
      tenantKeys(ctx),
      { revokedAt: null },
      input.all ? {} : { id: { in: input.ids ?? [] } },
      input.mode ? { mode: input.mode } : {},
      self ? { id: { not: self } } : {},
    ],
  };
  return inTransaction(db, async (tx) => {
    const now = new Date();
    const candidates = (await tx.apiKey.findMany({ where, select: { id: true } })).map((r) => r.id);
    // Only what this request itself revoked: a key revoked concurrently is not claimed twice.
    const rows =
      candidates.length === 0
        ? []
        : await tx.$queryRaw<{ id: string }[]>`
      UPDATE "ApiKey" SET "revokedAt" = ${now} WHERE "id" = ANY(${candidates}::uuid[]) AND "revokedAt" IS NULL RETURNING "id"`;
    const ids = rows.map((r) => r.id).sort();
    if (ids.length === 0) return { revoked: [] };
    await writeAudit(tx, {
      companyId: ctx.companyId,
      eventType: 'ApiKeysBulkRevoked',
      actor: ctx.actor,
      context: { apiKeyIds: ids, count: ids.length },
    });
    return { revoked: ids };
  });
}

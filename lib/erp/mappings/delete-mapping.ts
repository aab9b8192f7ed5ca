import { prisma } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { writeAudit } from '../../domain/audit';
import type { VerbArgs } from '../../domain/context';
import { requireRole } from '../../passport/transitions/result';
import { findMappingOrThrow, MAPPING_ROLES } from './guards';

/** Deletes a mapping; nothing else refers to it, so nothing else changes. */
export async function deleteMapping({ ctx, input, db = prisma }: VerbArgs<{ mappingId: string }>): Promise<void> {
  requireRole(ctx, MAPPING_ROLES, 'delete an ERP mapping');
  await inTransaction(db, async (tx) => {
    const row = await findMappingOrThrow(tx, ctx, input.mappingId);
    await tx.erpMapping.delete({ where: { id: row.id } });
    const context = { mappingId: row.id, name: row.name, category: row.category.code };
    await writeAudit(tx, { companyId: ctx.companyId, eventType: 'ErpMappingDeleted', actor: ctx.actor, context });
  });
}

import { prisma } from '../../db/client';
import type { Prisma } from '../../db/generated/client';
import { inTransaction } from '../../db/transaction';
import { writeAudit } from '../../domain/audit';
import type { VerbArgs } from '../../domain/context';
import { currentCategorySchema } from '../../passport/schema-version';
import { requireRole } from '../../passport/transitions/result';
import type { MappingColumn } from '../types';
import {
  findMappingOrThrow,
  MAPPING_ROLES,
  requireNameFree,
  requireValidColumns,
  storedColumns,
  uniqueViolationAsNameInUse,
} from './guards';
import { MAPPING_INCLUDE, type MappingRow } from './view';

export interface UpdateMappingInput {
  mappingId: string;
  name?: string;
  /** Replaces the columns whole. */
  columns?: MappingColumn[];
}

/** Renames a mapping or replaces its columns (checked against the category's current schema); last write wins. */
export async function updateMapping({ ctx, input, db = prisma }: VerbArgs<UpdateMappingInput>): Promise<MappingRow> {
  requireRole(ctx, MAPPING_ROLES, 'change an ERP mapping');
  const name = input.name?.trim();
  try {
    return await inTransaction(db, async (tx) => {
      const current = await findMappingOrThrow(tx, ctx, input.mappingId);
      // Row lock: two concurrent PATCHes apply one after the other, each audited against what it replaced.
      await tx.$queryRaw`SELECT id FROM "ErpMapping" WHERE id = ${current.id}::uuid FOR UPDATE`;
      if (input.columns) {
        const { schema } = await currentCategorySchema(tx, current.category.code);
        requireValidColumns(schema, input.columns);
      }
      if (name !== undefined && name !== current.name) await requireNameFree(tx, ctx, name, current.id);
      const data = {
        ...(name !== undefined ? { name } : {}),
        ...(input.columns ? { columns: storedColumns(input.columns) as Prisma.InputJsonArray } : {}),
      };
      const row = await tx.erpMapping.update({ where: { id: current.id }, data, include: MAPPING_INCLUDE });
      const context = {
        mappingId: row.id,
        members: Object.keys(data),
        ...(input.columns ? { columns: input.columns.length } : {}),
      };
      await writeAudit(tx, { companyId: ctx.companyId, eventType: 'ErpMappingUpdated', actor: ctx.actor, context });
      return row;
    });
  } catch (error) {
    throw uniqueViolationAsNameInUse(error);
  }
}

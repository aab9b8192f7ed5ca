import { prisma } from '../../db/client';
import type { Prisma } from '../../db/generated/client';
import { inTransaction } from '../../db/transaction';
import { writeAudit } from '../../domain/audit';
import type { VerbArgs } from '../../domain/context';
import { currentCategorySchema } from '../../passport/schema-version';
import { requireRole } from '../../passport/transitions/result';
import type { MappingColumn } from '../types';
import {
  MAPPING_ROLES,
  requireNameFree,
  requireValidColumns,
  storedColumns,
  uniqueViolationAsNameInUse,
} from './guards';
import { MAPPING_INCLUDE, type MappingRow } from './view';

export interface CreateMappingInput {
  name: string;
  categoryCode: string;
  columns: MappingColumn[];
}

/** A named ERP mapping for one category, checked against the category's current field schema. */
export async function createMapping({ ctx, input, db = prisma }: VerbArgs<CreateMappingInput>): Promise<MappingRow> {
  requireRole(ctx, MAPPING_ROLES, 'create an ERP mapping');
  const name = input.name.trim();
  try {
    return await inTransaction(db, async (tx) => {
      const { categoryId, schema } = await currentCategorySchema(tx, input.categoryCode);
      requireValidColumns(schema, input.columns);
      await requireNameFree(tx, ctx, name, null);
      const row = await tx.erpMapping.create({
        data: {
          companyId: ctx.companyId,
          categoryId,
          name,
          columns: storedColumns(input.columns) as Prisma.InputJsonArray,
        },
        include: MAPPING_INCLUDE,
      });
      const context = { mappingId: row.id, name, category: schema.category, columns: input.columns.length };
      await writeAudit(tx, { companyId: ctx.companyId, eventType: 'ErpMappingCreated', actor: ctx.actor, context });
      return row;
    });
  } catch (error) {
    throw uniqueViolationAsNameInUse(error);
  }
}

import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/transaction';
import type { DomainContext } from '../../domain/context';
import { ServiceError } from '../../errors';
import { isUuid } from '../../ids';
import type { CategorySchema } from '../../schema/types';
import { checkMappingColumns } from '../check-columns';
import type { MappingColumn } from '../types';
import { MAPPING_INCLUDE, type MappingRow } from './view';

/** Those who may change mappings: portal editors, integration keys, the system. */
export const MAPPING_ROLES = ['ADMIN', 'EDITOR', 'Integration', 'System'];

/** The tenant's mapping; another company's is 404 exactly like an unknown id. Mappings have no mode: both modes share them. */
export async function findMappingOrThrow(db: Db | Tx, ctx: DomainContext, mappingId: string): Promise<MappingRow> {
  if (!isUuid(mappingId)) throw new ServiceError('INVALID_ID', 'The mapping id is not a valid UUID.');
  const row = await db.erpMapping.findFirst({
    where: { id: mappingId, companyId: ctx.companyId },
    include: MAPPING_INCLUDE,
  });
  if (!row) throw new ServiceError('NOT_FOUND', 'No such ERP mapping.');
  return row;
}

export function invalid(path: string, code: string, message: string): ServiceError {
  return new ServiceError('VALIDATION_ERROR', message, { details: { issues: [{ path, code, message }] } });
}

/** Refuses columns the schema cannot take, naming each column in details.issues. */
export function requireValidColumns(schema: CategorySchema, columns: readonly MappingColumn[], at = 'columns'): void {
  const issues = checkMappingColumns(schema, columns, at);
  if (issues.length === 0) return;
  const summary = issues
    .slice(0, 3)
    .map((i) => i.message)
    .join(' ');
  throw new ServiceError('VALIDATION_ERROR', `The mapping's columns do not fit the category schema: ${summary}`, {
    details: { issues },
  });
}

export async function requireNameFree(
  tx: Tx,
  ctx: DomainContext,
  name: string,
  mappingId: string | null,
): Promise<void> {
  const notSelf = mappingId ? { id: { not: mappingId } } : {};
  const same = await tx.erpMapping.findFirst({
    where: { companyId: ctx.companyId, name, ...notSelf },
    select: { id: true },
  });
  if (same) throw nameInUse();
}

const nameInUse = () =>
  new ServiceError('NAME_IN_USE', 'Another ERP mapping of this company already has this name.', {
    details: { field: 'name' },
  });

/** A concurrent write that won the unique (companyId, name) index answers as the pre-check would have. */
export const uniqueViolationAsNameInUse = (error: unknown): unknown => (isUniqueViolation(error) ? nameInUse() : error);

/** Only the members the caller set: stored JSON carries no `transform: undefined`. */
export const storedColumns = (columns: readonly MappingColumn[]) =>
  columns.map((c) =>
    c.transform
      ? { column: c.column, fieldId: c.fieldId, transform: c.transform }
      : { column: c.column, fieldId: c.fieldId },
  );

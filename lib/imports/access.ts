import type { Db, Tx } from '../db/client';
import type { DomainContext } from '../domain/context';
import { ServiceError } from '../errors';
import { isUuid } from '../ids';
import type { ImportRecord } from './view';

/** Who may upload, cancel and submit imports: portal editors, integration keys, the system. */
export const IMPORT_ROLES = ['ADMIN', 'EDITOR', 'Integration', 'System'];
/** Who may read imports and their errors: every operator, integration keys, the system. */
export const IMPORT_READ_ROLES = ['ADMIN', 'EDITOR', 'REVIEWER', 'Integration', 'System'];

/** The tenant's import (in the caller's mode when it has one); another company's is 404 like an unknown id. */
export async function findImportOrThrow(db: Db | Tx, ctx: DomainContext, importId: string): Promise<ImportRecord> {
  if (!isUuid(importId)) throw new ServiceError('INVALID_ID', 'The import id is not a valid UUID.');
  const row = await db.importJob.findFirst({
    where: { id: importId, companyId: ctx.companyId, ...(ctx.mode ? { mode: ctx.mode } : {}) },
  });
  if (!row) throw new ServiceError('NOT_FOUND', 'No such import.');
  return row;
}

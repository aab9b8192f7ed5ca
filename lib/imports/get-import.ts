import { prisma } from '../db/client';
import type { VerbArgs } from '../domain/context';
import { requireRole } from '../passport/transitions/result';
import { findImportOrThrow, IMPORT_READ_ROLES } from './access';
import type { ImportRecord } from './view';

/** One import of the caller's company (and mode): its status, counters and timings. */
export async function getImport({ ctx, input, db = prisma }: VerbArgs<{ importId: string }>): Promise<ImportRecord> {
  requireRole(ctx, IMPORT_READ_ROLES, 'read an import');
  return findImportOrThrow(db, ctx, input.importId);
}

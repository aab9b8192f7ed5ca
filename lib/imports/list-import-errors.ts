import { prisma } from '../db/client';
import type { VerbArgs } from '../domain/context';
import { pageOf } from '../domain/keyset';
import { requireRole } from '../passport/transitions/result';
import { findImportOrThrow, IMPORT_READ_ROLES } from './access';
import { importErrorView } from './view';

/** Where a page of row errors ended: the last error's (rowNumber, id). */
export interface ErrorPosition {
  rowNumber: number;
  id: string;
}

export interface ListImportErrorsInput {
  importId: string;
  limit: number;
  after?: ErrorPosition;
}

/** An import's row errors by row number (then id), keyset paged: stable while the job adds errors behind the page. */
export async function listImportErrors({ ctx, input, db = prisma }: VerbArgs<ListImportErrorsInput>) {
  requireRole(ctx, IMPORT_READ_ROLES, 'read import errors');
  const job = await findImportOrThrow(db, ctx, input.importId);
  const after = input.after;
  const rows = await db.importRowError.findMany({
    where: {
      importId: job.id,
      ...(after
        ? { OR: [{ rowNumber: { gt: after.rowNumber } }, { rowNumber: after.rowNumber, id: { gt: after.id } }] }
        : {}),
    },
    orderBy: [{ rowNumber: 'asc' }, { id: 'asc' }],
    take: input.limit + 1,
  });
  const { items, next } = pageOf(rows, input.limit, (r): ErrorPosition => ({ rowNumber: r.rowNumber, id: r.id }));
  return { items: items.map(importErrorView), next };
}

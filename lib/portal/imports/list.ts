import { type Db, prisma, type Tx } from '../../db/client';
import type { DomainContext } from '../../domain/context';
import { decodeTimeCursor, encodeTimeCursor } from '../../domain/cursor';
import { keysetQuery } from '../../domain/keyset';
import { IMPORT_READ_ROLES } from '../../imports/access';
import { requireRole } from '../../passport/transitions/result';

export const IMPORTS_PAGE_SIZE = 25;

/** The company's imports, newest first, one keyset page at a time (both modes, as operators see them). */
export async function listCompanyImports({
  ctx,
  input = {},
  db = prisma,
}: {
  ctx: DomainContext;
  input?: { cursor?: string; limit?: number };
  db?: Db | Tx;
}) {
  requireRole(ctx, IMPORT_READ_ROLES, 'read imports');
  const limit = input.limit ?? IMPORTS_PAGE_SIZE;
  const position = decodeTimeCursor(input.cursor);
  const rows = await db.importJob.findMany({
    ...keysetQuery(
      { companyId: ctx.companyId, ...(ctx.mode ? { mode: ctx.mode } : {}) },
      { limit, after: position ? { createdAt: position.at, id: position.id } : undefined },
      'desc',
    ),
    select: {
      id: true,
      fileName: true,
      format: true,
      mode: true,
      status: true,
      total: true,
      processed: true,
      created: true,
      updated: true,
      unchanged: true,
      failed: true,
      createdAt: true,
      submittedAt: true,
      submittedCount: true,
    },
  });
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeTimeCursor(last.createdAt, last.id) : null };
}

export type ImportListItem = Awaited<ReturnType<typeof listCompanyImports>>['items'][number];

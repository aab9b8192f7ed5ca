import { type Db, prisma, type Tx } from '../../db/client';
import type { Prisma } from '../../db/generated/client';
import type { Mode } from '../../db/generated/enums';
import type { DomainContext } from '../../domain/context';
import { decodeKeyedCursor, encodeCursor } from '../../domain/cursor';
import { ServiceError } from '../../errors';
import { requireRole } from '../../passport/transitions/result';

export const QUEUE_PAGE_SIZE = 25;

/** Every operator sees what awaits review; only reviewers decide. */
const READ_ROLES = ['ADMIN', 'EDITOR', 'REVIEWER', 'System'];

/** The cursor's stand-in for a submission without a recorded time (such rows sort first). */
const NO_TIME = '-';

export interface QueueItem {
  id: string;
  name: string;
  slug: string;
  category: string;
  mode: Mode;
  /** The version published so far (0 before the first publication): approval publishes `version + 1`. */
  version: number;
  submittedAt: Date | null;
}

export interface QueuePage {
  items: QueueItem[];
  nextCursor: string | null;
}

interface Position {
  submittedAt: Date | null;
  id: string;
}

function positionOf(cursor: string | undefined): Position | undefined {
  if (!cursor) return undefined;
  const { key, id } = decodeKeyedCursor(cursor);
  if (key === NO_TIME) return { submittedAt: null, id };
  const submittedAt = new Date(key);
  if (Number.isNaN(submittedAt.getTime()))
    throw new ServiceError('VALIDATION_ERROR', 'The page link is not valid.', { details: { field: 'cursor' } });
  return { submittedAt, id };
}

/** Rows after `p` in the queue's order: submission time ascending (unknown times first), then id. */
function after(p: Position | undefined): Prisma.ProductWhereInput {
  if (!p) return {};
  if (p.submittedAt === null) return { OR: [{ submittedAt: null, id: { gt: p.id } }, { submittedAt: { not: null } }] };
  return { OR: [{ submittedAt: { gt: p.submittedAt } }, { submittedAt: p.submittedAt, id: { gt: p.id } }] };
}

/** The tenant's submitted passports not under an import's batch, oldest submission first, one keyset page at a time. */
export async function listReviewQueue({
  ctx,
  input = {},
  db = prisma,
}: {
  ctx: DomainContext;
  input?: { cursor?: string; limit?: number };
  db?: Db | Tx;
}): Promise<QueuePage> {
  requireRole(ctx, READ_ROLES, 'read the review queue');
  const limit = input.limit ?? QUEUE_PAGE_SIZE;
  const rows = await db.product.findMany({
    where: {
      companyId: ctx.companyId,
      state: 'SUBMITTED',
      // An import's submissions are reviewed as one batch each (batches.ts), not one row per passport.
      reviewImportId: null,
      ...(ctx.mode ? { mode: ctx.mode } : {}),
      ...after(positionOf(input.cursor)),
    },
    select: {
      id: true,
      name: true,
      slug: true,
      mode: true,
      version: true,
      submittedAt: true,
      category: { select: { code: true } },
    },
    orderBy: [{ submittedAt: { sort: 'asc', nulls: 'first' } }, { id: 'asc' }],
    take: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(({ category, ...row }) => ({ ...row, category: category.code })),
    nextCursor:
      rows.length > limit && last ? encodeCursor([last.submittedAt?.toISOString() ?? NO_TIME, last.id]) : null,
  };
}

import type { z } from 'zod';
import type { Db, Tx } from '../../../db/client';
import type { DomainContext } from '../../../domain/context';
import { decodeKeyedCursor, encodeCursor } from '../../../domain/cursor';
import { ServiceError } from '../../../errors';
import { listImportErrors } from '../../../imports/list-import-errors';
import type { ResponseOf } from '../../endpoint';
import type { listImportErrorsEndpoint } from './endpoints';

type ListQuery = z.output<NonNullable<typeof listImportErrorsEndpoint.query>>;

/** The cursor is the last error's (rowNumber, id); anything else is refused like a cursor never handed out. */
function positionOf(cursor: string | undefined) {
  if (!cursor) return undefined;
  const { key, id } = decodeKeyedCursor(cursor);
  const rowNumber = Number(key);
  if (!/^\d{1,9}$/.test(key) || rowNumber < 1)
    throw new ServiceError('VALIDATION_ERROR', 'The cursor is not one this API handed out.', {
      details: {
        issues: [{ path: 'cursor', code: 'invalid_cursor', message: 'Use the nextCursor of the previous page.' }],
      },
    });
  return { rowNumber, id };
}

export async function listImportErrorsPage(
  db: Db | Tx,
  ctx: DomainContext,
  importId: string,
  query: ListQuery,
): Promise<ResponseOf<typeof listImportErrorsEndpoint>> {
  const input = { importId, limit: query.limit, after: positionOf(query.cursor) };
  const { items, next } = await listImportErrors({ ctx, db, input });
  return { data: items, nextCursor: next ? encodeCursor([String(next.rowNumber), next.id]) : null };
}

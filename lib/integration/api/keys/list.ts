import type { z } from 'zod';
import type { Db, Tx } from '../../../db/client';
import type { DomainContext } from '../../../domain/context';
import { ServiceError } from '../../../http/errors';
import { listKeys } from '../../key-admin/list';
import { decodeCursor, encodeCursor } from '../common';
import type { listKeysEndpoint } from './endpoints';

type ListQuery = z.output<NonNullable<typeof listKeysEndpoint.query>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The cursor is the last key's (createdAt, id); anything else is refused like a cursor never handed out. */
function positionOf(cursor: string | undefined) {
  if (!cursor) return undefined;
  const [at, id] = decodeCursor(cursor, 2);
  const createdAt = new Date(at);
  if (Number.isNaN(createdAt.getTime()) || !UUID.test(id)) {
    throw new ServiceError('VALIDATION_ERROR', 'The cursor is not one this API handed out.', {
      details: { issues: [{ path: 'cursor', code: 'invalid_cursor', message: 'Use the nextCursor of the previous page.' }] },
    });
  }
  return { createdAt, id };
}

/** One page of `{ data, nextCursor }`. */
export async function listKeysPage(db: Db | Tx, ctx: DomainContext, query: ListQuery) {
  const { items, next } = await listKeys({
    ctx, db,
    query: { status: query.status, mode: query.mode === undefined ? undefined : query.mode === 'test' ? 'TEST' : 'LIVE', after: positionOf(query.cursor), limit: query.limit },
  });
  return { data: items, nextCursor: next ? encodeCursor([next.createdAt.toISOString(), next.id]) : null };
}

import type { z } from 'zod';
import type { Db, Tx } from '../../../db/client';
import type { DomainContext } from '../../../domain/context';
import { decodeTimeCursor, encodeTimeCursor } from '../../../domain/cursor';
import type { ResponseOf } from '../../endpoint';
import { listKeys } from '../../key-admin/list';
import type { listKeysEndpoint } from './endpoints';

type ListQuery = z.output<NonNullable<typeof listKeysEndpoint.query>>;

/** The cursor is the last key's (createdAt, id); anything else is refused like a cursor never handed out. */
function positionOf(cursor: string | undefined) {
  const position = decodeTimeCursor(cursor);
  return position && { createdAt: position.at, id: position.id };
}

/** One page of `{ data, nextCursor }`. */
export async function listKeysPage(
  db: Db | Tx,
  ctx: DomainContext,
  query: ListQuery,
): Promise<ResponseOf<typeof listKeysEndpoint>> {
  const { items, next } = await listKeys({
    ctx,
    db,
    query: {
      status: query.status,
      mode: query.mode === undefined ? undefined : query.mode === 'test' ? 'TEST' : 'LIVE',
      after: positionOf(query.cursor),
      limit: query.limit,
    },
  });
  return { data: items, nextCursor: next ? encodeTimeCursor(next.createdAt, next.id) : null };
}

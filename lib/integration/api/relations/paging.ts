import { ServiceError } from '../../../http/errors';
import type { Page, PageInput } from '../../../passport/relations/keyset';
import { decodeCursor, encodeCursor } from '../common';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `limit` and `cursor` query members as the list verbs take them; a forged cursor is 400 VALIDATION_ERROR. */
export function pageInput(query: { limit: number; cursor?: string }): PageInput {
  if (!query.cursor) return { limit: query.limit };
  const [createdAt, id] = decodeCursor(query.cursor, 2);
  const after = new Date(createdAt);
  if (Number.isNaN(after.getTime()) || !UUID.test(id)) {
    throw new ServiceError('VALIDATION_ERROR', 'The cursor is not one this API handed out.', {
      details: { issues: [{ path: 'cursor', code: 'invalid_cursor', message: 'Use the nextCursor of the previous page.' }] },
    });
  }
  return { limit: query.limit, after: { createdAt: after, id } };
}

/** A verb's page as the API's list answer `{ data, nextCursor }`. */
export function pageBody<T>(page: Page<T>) {
  return { data: page.items, nextCursor: page.next ? encodeCursor([page.next.createdAt.toISOString(), page.next.id]) : null };
}

import { decodeTimeCursor, encodeTimeCursor } from '../../../domain/cursor';
import type { Page, PageInput } from '../../../passport/relations/keyset';

/** The `limit` and `cursor` query members as the list verbs take them; a forged cursor is 400 VALIDATION_ERROR. */
export function pageInput(query: { limit: number; cursor?: string }): PageInput {
  const position = decodeTimeCursor(query.cursor);
  return position ? { limit: query.limit, after: { createdAt: position.at, id: position.id } } : { limit: query.limit };
}

/** A verb's page as the API's list answer `{ data, nextCursor }`. */
export function pageBody<T>(page: Page<T>) {
  return { data: page.items, nextCursor: page.next ? encodeTimeCursor(page.next.createdAt, page.next.id) : null };
}

import { decodeAfter, encodeAfter, type Page, type PageInput } from '../../domain/keyset';

/**
 * The Integration API's lists that page by (createdAt, id): the `limit` and `cursor` query members as the list verbs
 * take them (a forged cursor is 400 VALIDATION_ERROR), and a verb's page as the list answer `{ data, nextCursor }`.
 */
export function pageInput(query: { limit: number; cursor?: string }): PageInput {
  return { limit: query.limit, after: decodeAfter(query.cursor) };
}

export function pageBody<T>(page: Page<T>) {
  return { data: page.items, nextCursor: encodeAfter(page.next) };
}

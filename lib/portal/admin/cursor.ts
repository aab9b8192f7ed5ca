import { type After, decodeAfter, encodeAfter } from '../../domain/keyset';

/** A page position from the address bar; a cursor that was never handed out starts from the first page. */
export function positionFrom(cursor: string | undefined): After | undefined {
  try {
    return decodeAfter(cursor);
  } catch {
    return undefined;
  }
}

/** The address bar's cursor of the next page; null on the last. */
export const cursorOf = encodeAfter;

/** Portal lists show this many rows a page. */
export const PAGE_SIZE = 25;

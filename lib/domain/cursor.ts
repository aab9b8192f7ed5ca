import { ServiceError } from '../errors';
import { isUuid } from '../ids';

/** Opaque paging cursors: base64url of the sort key of the last item served. */
export function encodeCursor(parts: string[]): string {
  return Buffer.from(parts.join('\n'), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string, arity: number): string[] {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('\n');
  if (parts.length !== arity || parts.some((p) => p === '')) throw forgedCursor();
  return parts;
}

function forgedCursor(): ServiceError {
  return new ServiceError('VALIDATION_ERROR', 'The cursor is not one this API handed out.', {
    details: {
      issues: [{ path: 'cursor', code: 'invalid_cursor', message: 'Use the nextCursor of the previous page.' }],
    },
  });
}

/** A (sort value, id) cursor, checked; anything else is refused like a cursor never handed out. */
export function decodeKeyedCursor(cursor: string): { key: string; id: string } {
  const [key, id] = decodeCursor(cursor, 2);
  if (!isUuid(id)) throw forgedCursor();
  return { key, id };
}

/** A (timestamp, id) cursor as keyset paging by a time column uses it; undefined for the first page. */
export function decodeTimeCursor(cursor: string | undefined): { at: Date; id: string } | undefined {
  if (!cursor) return undefined;
  const { key, id } = decodeKeyedCursor(cursor);
  const at = new Date(key);
  if (Number.isNaN(at.getTime())) throw forgedCursor();
  return { at, id };
}

export const encodeTimeCursor = (at: Date, id: string): string => encodeCursor([at.toISOString(), id]);

/** A (timestamp, serial id) cursor, for tables keyed by a bigint; undefined for the first page. */
export function decodeTimeSerialCursor(cursor: string | undefined): { at: Date; id: string } | undefined {
  if (!cursor) return undefined;
  const [key, id] = decodeCursor(cursor, 2);
  const at = new Date(key);
  if (!/^\d{1,19}$/.test(id) || Number.isNaN(at.getTime())) throw forgedCursor();
  return { at, id };
}

import { ServiceError } from '../../../http/errors';
import { decodeCursor, encodeCursor } from '../common';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A cursor is the last item's (createdAt, id); anything else is refused like a cursor never handed out. */
export function positionOf(cursor: string | undefined): { createdAt: Date; id: string } | undefined {
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

export function pageOf<T>({ items, next }: { items: T[]; next: { createdAt: Date; id: string } | null }) {
  return { data: items, nextCursor: next ? encodeCursor([next.createdAt.toISOString(), next.id]) : null };
}

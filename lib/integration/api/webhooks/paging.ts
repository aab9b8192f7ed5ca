import { decodeTimeCursor, encodeTimeCursor } from '../../../domain/cursor';

/** A cursor is the last item's (createdAt, id); anything else is refused like a cursor never handed out. */
export function positionOf(cursor: string | undefined): { createdAt: Date; id: string } | undefined {
  const position = decodeTimeCursor(cursor);
  return position && { createdAt: position.at, id: position.id };
}

export function pageOf<T>({ items, next }: { items: T[]; next: { createdAt: Date; id: string } | null }) {
  return { data: items, nextCursor: next ? encodeTimeCursor(next.createdAt, next.id) : null };
}

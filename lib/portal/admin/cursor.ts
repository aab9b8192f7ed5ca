import { decodeTimeCursor, encodeTimeCursor } from '../../domain/cursor';

export interface Position {
  createdAt: Date;
  id: string;
}

/** A page position from the address bar; a cursor that was never handed out starts from the first page. */
export function positionFrom(cursor: string | undefined): Position | undefined {
  try {
    const position = decodeTimeCursor(cursor);
    return position && { createdAt: position.at, id: position.id };
  } catch {
    return undefined;
  }
}

export const cursorOf = (next: Position | null): string | null =>
  next ? encodeTimeCursor(next.createdAt, next.id) : null;

/** Portal lists show this many rows a page. */
export const PAGE_SIZE = 25;

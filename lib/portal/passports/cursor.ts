import { decodeTimeCursor, encodeTimeCursor } from '../../domain/cursor';

export interface Position {
  at: Date;
  id: string;
}

/** A page position from a URL: a cursor this portal never handed out just starts at the first page. */
export function readCursor(raw: string | undefined): Position | undefined {
  try {
    return decodeTimeCursor(raw || undefined);
  } catch {
    return undefined;
  }
}

export const writeCursor = (at: Date, id: string): string => encodeTimeCursor(at, id);

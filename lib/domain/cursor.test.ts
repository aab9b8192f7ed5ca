import { describe, expect, it } from 'vitest';
import type { ServiceError } from '../errors';
import { decodeKeyedCursor, decodeTimeCursor, encodeCursor, encodeTimeCursor } from './cursor';

const id = '3f0b6c1e-8d7a-4c2b-9e5f-1a2b3c4d5e6f';
const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (error) {
    return (error as ServiceError).code;
  }
};

describe('list cursors', () => {
  it('round-trips a (timestamp, id) cursor and a (name, id) cursor', () => {
    const at = new Date('2026-11-23T09:30:00.000Z');
    expect(decodeTimeCursor(encodeTimeCursor(at, id))).toEqual({ at, id });
    expect(decodeKeyedCursor(encodeCursor(['Acme Cells', id]))).toEqual({ key: 'Acme Cells', id });
    expect(decodeTimeCursor(undefined)).toBeUndefined();
  });

  it('refuses forged cursors with 400 VALIDATION_ERROR: garbage, a bad id, a bad timestamp, the wrong arity', () => {
    expect(codeOf(() => decodeTimeCursor('not-a-cursor'))).toBe('VALIDATION_ERROR');
    expect(codeOf(() => decodeTimeCursor(encodeCursor(['2026-11-23T09:30:00.000Z', 'x'])))).toBe('VALIDATION_ERROR');
    expect(codeOf(() => decodeTimeCursor(encodeCursor(['yesterday', id])))).toBe('VALIDATION_ERROR');
    expect(codeOf(() => decodeKeyedCursor(encodeCursor(['a', 'b', id])))).toBe('VALIDATION_ERROR');
  });
});

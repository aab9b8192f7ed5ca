import { createHmac } from 'node:crypto';
import { STATUS_LIST_BITS } from './vocabulary';

const HALF_BITS = 9;
const HALF = 1 << HALF_BITS;
const ROUNDS = 4;

/**
 * The list index of the `ordinal`-th credential of a status list: a keyed permutation of [0, 2^18) (a four-round
 * Feistel network over two 9-bit halves, HMAC-SHA-256 as round function). Distinct ordinals give distinct
 * indexes, so allocation never collides, and without the list's key the indexes say nothing about the order
 * credentials were issued in.
 */
export function permutedIndex(key: Uint8Array, ordinal: number): number {
  if (!Number.isInteger(ordinal) || ordinal < 0 || ordinal >= STATUS_LIST_BITS) {
    throw new RangeError(`ordinal ${ordinal} is outside the list`);
  }
  let left = ordinal >>> HALF_BITS;
  let right = ordinal & (HALF - 1);
  for (let round = 0; round < ROUNDS; round++) {
    const f = createHmac('sha256', key).update(`${round}:${right}`).digest().readUInt16BE(0) & (HALF - 1);
    [left, right] = [right, left ^ f];
  }
  return (left << HALF_BITS) | right;
}

import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeStatusList, statusBit } from './status';

const encode = (bytes: Uint8Array) => `u${gzipSync(bytes).toString('base64url')}`;

describe('decodeStatusList and statusBit', () => {
  it('read bit i as bit (i mod 8) of byte floor(i / 8), the most significant bit first', () => {
    const bytes = new Uint8Array(262_144 / 8);
    bytes[0] = 0b1000_0000;
    bytes[1] = 0b0000_0001;
    bytes[32_767] = 0b0000_0001;
    const bits = decodeStatusList(encode(bytes));
    expect([0, 1, 7, 8, 14, 15, 16, 262_143].map((i) => statusBit(bits, i))).toEqual([1, 0, 0, 0, 0, 1, 0, 1]);
  });

  it('refuse a list without the multibase prefix, with padding, not GZIP, or of another length', () => {
    const right = encode(new Uint8Array(32_768));
    for (const [encoded, why] of [
      [right.slice(1), /multibase/],
      [`${right}=`, /base64url without padding/],
      [`u${Buffer.from('plain bytes').toString('base64url')}`, /GZIP/],
      [encode(new Uint8Array(16_384)), /holds 131072 bits, not 262144/],
      [encode(new Uint8Array(1_000_000)), /GZIP/],
      [42, /multibase/],
    ] as const) {
      expect(() => decodeStatusList(encoded), String(why)).toThrow(why);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { canonicalJson, sha256Hex } from './canonical-json';

describe('canonicalJson', () => {
  it('gives the same bytes whatever the key order, at every depth', () => {
    const a = { b: 1, a: { d: [1, { z: 1, y: 2 }], c: 'x' } };
    const b = { a: { c: 'x', d: [1, { y: 2, z: 1 }] }, b: 1 };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(canonicalJson(a)).toBe('{"a":{"c":"x","d":[1,{"y":2,"z":1}]},"b":1}');
  });

  it('keeps array order, drops undefined members and writes dates as ISO 8601', () => {
    expect(canonicalJson({ l: [3, 1, 2], u: undefined, d: new Date(0) })).toBe(
      '{"d":"1970-01-01T00:00:00.000Z","l":[3,1,2]}',
    );
  });

  it('hashes to lowercase hex SHA-256', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});

import { describe, expect, it } from 'vitest';
import { createStampedCache } from './stamped-cache';

describe('createStampedCache', () => {
  it('answers only while the stamp matches: a changed source is a miss, and the stale entry is dropped', () => {
    const cache = createStampedCache<string>({ maxEntries: 10, ttlMs: 30_000 });
    cache.set('a', 'r1', 'first', 0);
    expect(cache.get('a', 'r1', 1)).toBe('first');
    expect(cache.get('a', 'r2', 2)).toBeUndefined();
    expect(cache.get('a', 'r1', 3)).toBeUndefined();
  });

  it('never answers after the time bound, even with the same stamp', () => {
    const cache = createStampedCache<string>({ maxEntries: 10, ttlMs: 1_000 });
    cache.set('a', 'r1', 'v', 0);
    expect(cache.get('a', 'r1', 999)).toBe('v');
    expect(cache.get('a', 'r1', 1_000)).toBeUndefined();
  });

  it('evicts the least recently used entry beyond its size', () => {
    const cache = createStampedCache<string>({ maxEntries: 2, ttlMs: 30_000 });
    cache.set('a', 's', 'A', 0);
    cache.set('b', 's', 'B', 0);
    cache.get('a', 's', 1);
    cache.set('c', 's', 'C', 2);
    expect(cache.size).toBe(2);
    expect(cache.get('b', 's', 3)).toBeUndefined();
    expect(cache.get('a', 's', 3)).toBe('A');
  });

  it('stores nothing when switched off by configuration', () => {
    const cache = createStampedCache<string>({ maxEntries: 0, ttlMs: 30_000 });
    cache.set('a', 's', 'A', 0);
    expect(cache.get('a', 's', 1)).toBeUndefined();
  });
});

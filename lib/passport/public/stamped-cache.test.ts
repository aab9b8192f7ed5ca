import { describe, expect, it, vi } from 'vitest';
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

describe('createStampedCache: expired entries give their memory back', () => {
  it('sweep drops the entries past the time bound and keeps the others', () => {
    const cache = createStampedCache<string>({ maxEntries: 10, ttlMs: 1_000 });
    cache.set('old', 's', 'O', 0);
    cache.set('new', 's', 'N', 900);
    cache.get('old', 's', 500);
    expect(cache.sweep(1_000)).toBe(1);
    expect(cache.size).toBe(1);
    expect(cache.get('new', 's', 1_001)).toBe('N');
  });

  it('drops them on its own once per time bound, with no access at all', () => {
    vi.useFakeTimers();
    try {
      const cache = createStampedCache<string>({ maxEntries: 10, ttlMs: 1_000 });
      cache.set('a', 's', 'A');
      cache.set('b', 's', 'B');
      vi.advanceTimersByTime(999);
      expect(cache.size).toBe(2);
      vi.advanceTimersByTime(1_001);
      expect(cache.size).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

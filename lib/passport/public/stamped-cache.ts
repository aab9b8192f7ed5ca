/**
 * A bounded in-process cache whose entries are valid only while their stamp matches the source's current stamp,
 * and never longer than `ttlMs`. The caller reads the stamp (one light query) and the cache saves the heavy
 * read: correct with any number of instances, since no instance trusts an entry it has not just re-stamped.
 */
export interface StampedCache<V> {
  get(key: string, stamp: string, now?: number): V | undefined;
  set(key: string, stamp: string, value: V, now?: number): void;
  /** Drops every entry past the time bound (they can never be served again); how many. */
  sweep(now?: number): number;
  clear(): void;
  readonly size: number;
}

export function createStampedCache<V>({ maxEntries, ttlMs }: { maxEntries: number; ttlMs: number }): StampedCache<V> {
  const entries = new Map<string, { stamp: string; value: V; storedAt: number }>();
  const enabled = maxEntries > 0 && ttlMs > 0;
  const sweep = (now = Date.now()) => {
    let dropped = 0;
    for (const [key, entry] of entries) {
      if (now - entry.storedAt < ttlMs) continue;
      entries.delete(key);
      dropped++;
    }
    return dropped;
  };
  // Expired entries are dead weight on the heap, and every collection of it costs the whole process (a cache
  // filled once by 10,000 page renders made each later JSON read about 5 % dearer): a timer drops them once per
  // time bound, so an idle cache gives its memory back. It keeps no process alive.
  if (enabled && Number.isFinite(ttlMs)) (setInterval(sweep, ttlMs) as { unref?: () => void }).unref?.();
  return {
    get(key, stamp, now = Date.now()) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.stamp !== stamp || now - entry.storedAt >= ttlMs) {
        entries.delete(key);
        return undefined;
      }
      // Re-insert: Map order is the eviction order, so this keeps hot entries last to go.
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key, stamp, value, now = Date.now()) {
      if (!enabled) return;
      entries.delete(key);
      entries.set(key, { stamp, value, storedAt: now });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
    sweep,
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

import type { Db, Tx } from './client';

/**
 * Runs `fn` in a transaction: a new one on a client, or the caller's own when handed a transaction client, so
 * verbs compose (the demo seed publishes several passports all-or-nothing).
 */
export function inTransaction<T>(db: Db | Tx, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const client = db as Partial<Db>;
  // A transaction client has no $transaction of its own.
  if (typeof client.$transaction === 'function') return (db as Db).$transaction(fn, { timeout: 15_000 });
  return fn(db as Tx);
}

import type { Db, Tx } from './client';

/**
 * How long a transaction may wait for a pooled connection (`maxWait`) and then run (`timeout`). Prisma's defaults
 * (2 s and 5 s) turn a burst that briefly queues on the pool into 500s; a request that waits a few seconds instead is
 * still answered, and a database that is really gone fails sooner, on the pool's connect timeout.
 */
export const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 15_000 } as const;

/**
 * Runs `fn` in a transaction: a new one on a client, or the caller's own when handed a transaction client, so
 * verbs compose (the demo seed publishes several passports all-or-nothing).
 */
export function inTransaction<T>(db: Db | Tx, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const client = db as Partial<Db>;
  // A transaction client has no $transaction of its own.
  // A fresh options object each time: the client keeps per-transaction state on the one it is given.
  if (typeof client.$transaction === 'function') return (db as Db).$transaction(fn, { ...TRANSACTION_OPTIONS });
  return fn(db as Tx);
}

/** Prisma's unique-constraint violation (P2002): a concurrent write won a unique index first. */
export const isUniqueViolation = (error: unknown): boolean => (error as { code?: string } | null)?.code === 'P2002';

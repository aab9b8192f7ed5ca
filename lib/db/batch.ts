import type pg from 'pg';
import { sqlRows } from './sql';

/**
 * One kind of lookup by key, answered for many keys by one statement: the statement takes the keys as arrays
 * (`values`) and returns each row found with the key it answers (`keyOfRow`).
 */
export interface BatchedLookup<K, R extends pg.QueryResultRow> {
  /** The prepared statement's name: give it only to a fixed text. */
  name: string;
  text: string;
  /** The statement's parameters for these keys (distinct, at most MAX_BATCH). */
  values(keys: readonly K[]): unknown[];
  /** A key's identity: lookups of equal keys share one row. */
  keyOf(key: K): string;
  keyOfRow(row: R): string;
}

/** The most keys one statement carries; a larger turn's lookups go out in several statements. */
export const MAX_BATCH = 64;

interface Waiting<K, R> {
  key: K;
  answers: Array<{ resolve(row: R | undefined): void; reject(error: unknown): void }>;
}

/**
 * Lookups made in the same turn of the event loop, sent as one statement when the turn ends (`setImmediate`):
 * a busy server reads the rows of several requests in one round trip instead of one each, and a quiet one
 * waits for nothing but the end of the current turn. Every lookup still reads the database after it was asked
 * (the statement is sent after the last lookup joined it), so an answer is never older than its request. A
 * failed statement fails every lookup it carried, with its error.
 */
export function batchedLookup<K, R extends pg.QueryResultRow>(
  lookup: BatchedLookup<K, R>,
): (key: K) => Promise<R | undefined> {
  let waiting: Map<string, Waiting<K, R>> | null = null;

  const send = (part: Waiting<K, R>[]) => {
    sqlRows<R>({ name: lookup.name, text: lookup.text, values: lookup.values(part.map((w) => w.key)) }).then(
      (rows) => {
        const found = new Map(rows.map((row) => [lookup.keyOfRow(row), row]));
        for (const w of part) {
          const row = found.get(lookup.keyOf(w.key));
          for (const answer of w.answers) answer.resolve(row);
        }
      },
      (error: unknown) => {
        for (const w of part) for (const answer of w.answers) answer.reject(error);
      },
    );
  };

  const flush = () => {
    const turn = [...waiting!.values()];
    waiting = null;
    for (let i = 0; i < turn.length; i += MAX_BATCH) send(turn.slice(i, i + MAX_BATCH));
  };

  return (key: K) =>
    new Promise<R | undefined>((resolve, reject) => {
      if (!waiting) {
        waiting = new Map();
        setImmediate(flush);
      }
      const id = lookup.keyOf(key);
      let entry = waiting.get(id);
      if (!entry) waiting.set(id, (entry = { key, answers: [] }));
      entry.answers.push({ resolve, reject });
    });
}

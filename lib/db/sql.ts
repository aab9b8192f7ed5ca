import type pg from 'pg';
import { countQuery, type Db, getPool, type Tx } from './client';
import { inTransaction } from './transaction';

/**
 * Direct SQL on the process's pool, for the hot paths only: a Prisma 7 statement costs about 0.3 ms of CPU more than
 * the same statement through pg, and a Prisma transaction about 0.6 ms more per statement (docs/performance.md).
 * Everything else goes through Prisma. `name` makes a prepared statement, parsed and planned once per connection:
 * give it only to a fixed text.
 */
export interface Statement {
  name?: string;
  text: string;
  values?: unknown[];
}

/** A connection inside a transaction: statements run on it in order. */
export interface SqlTx {
  query<R extends pg.QueryResultRow>(statement: Statement): Promise<pg.QueryResult<R>>;
}

/** One statement on the shared pool; its rows. */
export async function sqlRows<R extends pg.QueryResultRow>(statement: Statement): Promise<R[]> {
  countQuery();
  return (await getPool().query<R>(statement)).rows;
}

/**
 * `fn` in one transaction on one connection: committed when it returns, rolled back when it throws (and the error
 * passed on). A connection that failed is not returned to the pool. `statementTimeoutMs` bounds each statement.
 */
export async function sqlTransaction<T>(
  fn: (tx: SqlTx) => Promise<T>,
  opts: { statementTimeoutMs?: number } = {},
): Promise<T> {
  const client = await getPool().connect();
  const tx: SqlTx = {
    query: <R extends pg.QueryResultRow>(statement: Statement) => {
      countQuery();
      return client.query<R>(statement);
    },
  };
  let broken: Error | undefined;
  try {
    // One round trip: a statement bound sent with BEGIN (simple protocol, as it has no parameters).
    const timeout = opts.statementTimeoutMs;
    await tx.query({ text: timeout ? `BEGIN; SET LOCAL statement_timeout = ${Math.trunc(timeout)}` : 'BEGIN' });
    const result = await fn(tx);
    await tx.query({ text: 'COMMIT' });
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((err: Error) => (broken = err));
    throw error;
  } finally {
    client.release(broken);
  }
}

/** Where a verb written in SQL runs: a Prisma client or transaction (the portal, tests), or a direct SQL transaction. */
export type SqlDb = Db | Tx | SqlTx;

export const isSqlTx = (db: SqlDb): db is SqlTx => !('$queryRawUnsafe' in db);

/**
 * The rows of one statement on `db`, whichever kind it is: the same SQL runs inside a Prisma transaction (through
 * `$queryRawUnsafe`, with the same `$n` parameters) and inside sqlTransaction, so a verb has one implementation.
 */
export async function rowsOn<R extends pg.QueryResultRow>(db: SqlDb, statement: Statement): Promise<R[]> {
  if (isSqlTx(db)) return (await db.query<R>(statement)).rows;
  return db.$queryRawUnsafe<R[]>(statement.text, ...(statement.values ?? []));
}

/** `fn` in a transaction: the caller's own (Prisma or direct), or a new Prisma one on a client. */
export function inTransactionOn<T>(db: SqlDb, fn: (tx: Tx | SqlTx) => Promise<T>): Promise<T> {
  return isSqlTx(db) ? fn(db) : inTransaction(db, fn);
}

/** A stored timestamp (no zone, meaning UTC, as Prisma writes them) read as a point in time, named as the column. */
export const utcColumn = (alias: string, column: string) => `${alias}."${column}" AT TIME ZONE 'UTC' AS "${column}"`;

/** Now, as the timestamp columns store it. */
export const UTC_NOW = `(now() AT TIME ZONE 'UTC')`;

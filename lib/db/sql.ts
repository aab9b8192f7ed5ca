import type pg from 'pg';
import { countQuery, getPool } from './client';

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
 * passed on). A connection that failed is not returned to the pool.
 */
export async function sqlTransaction<T>(fn: (tx: SqlTx) => Promise<T>): Promise<T> {
  const client = await getPool().connect();
  const tx: SqlTx = {
    query: <R extends pg.QueryResultRow>(statement: Statement) => {
      countQuery();
      return client.query<R>(statement);
    },
  };
  let broken: Error | undefined;
  try {
    await tx.query({ text: 'BEGIN' });
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

import { queriesSent } from '../lib/db/client';

/**
 * `work` with direct statements counted (DB_QUERY_COUNTER=1, restored after): its result and how many statements
 * this process sent while it ran.
 */
export async function countStatements<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const previous = process.env.DB_QUERY_COUNTER;
  process.env.DB_QUERY_COUNTER = '1';
  try {
    const before = queriesSent();
    const result = await work();
    return { result, statements: queriesSent() - before };
  } finally {
    if (previous === undefined) delete process.env.DB_QUERY_COUNTER;
    else process.env.DB_QUERY_COUNTER = previous;
  }
}

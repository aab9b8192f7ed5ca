import { afterAll, describe, expect, it } from 'vitest';
import { countStatements as statements } from '../../testing/statements';
import { batchedLookup, MAX_BATCH } from './batch';
import { disconnectPrisma } from './client';

afterAll(() => disconnectPrisma());

interface Row {
  key: number;
  double: number;
}

/** Doubles each key; 13 is never found, and a batch holding 7 fails (division by zero). */
const lookup = batchedLookup<number, Row>({
  name: 'batch-test-double',
  text: `SELECT k AS "key", k * 2 + 0 / (k - 7) AS "double" FROM unnest($1::int[]) AS k WHERE k <> 13`,
  values: (keys) => [keys],
  keyOf: (key) => String(key),
  keyOfRow: (row) => String(row.key),
});

describe('batched lookups (lib/db/batch.ts)', () => {
  it('lookups asked in the same turn go out as one statement, and each gets the row of its own key', async () => {
    const { result, statements: sent } = await statements(() => Promise.all([1, 2, 3, 2, 13].map((k) => lookup(k))));
    expect(sent).toBe(1);
    expect(result.map((row) => row?.double)).toEqual([2, 4, 6, 4, undefined]);
  });

  it('a lookup asked after a statement went out is sent in a statement of its own, never answered by the one in flight', async () => {
    const first = lookup(4);
    await new Promise((resolve) => setImmediate(resolve));
    const { result, statements: sent } = await statements(() => lookup(4));
    expect(sent).toBe(1);
    expect(result?.double).toBe(8);
    expect((await first)?.double).toBe(8);
  });

  it(`more than ${MAX_BATCH} keys in one turn go out in several statements, every one answered`, async () => {
    const keys = Array.from({ length: 2 * MAX_BATCH + 1 }, (_, i) => 100 + i);
    const { result, statements: sent } = await statements(() => Promise.all(keys.map((k) => lookup(k))));
    expect(sent).toBe(3);
    expect(result.map((row) => row?.double)).toEqual(keys.map((k) => 2 * k));
  });

  it('a failed statement fails every lookup it carried with its error; the next turn is answered', async () => {
    const outcomes = await Promise.allSettled([lookup(6), lookup(7)]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(outcomes.map((o) => (o.status === 'rejected' ? (o.reason as { code?: string }).code : null))).toEqual([
      '22012',
      '22012',
    ]);
    expect((await lookup(6))?.double).toBe(12);
  });
});

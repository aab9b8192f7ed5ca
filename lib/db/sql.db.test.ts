import { afterAll, describe, expect, it } from 'vitest';
import { disconnectPrisma, prisma } from './client';
import { sqlRows, sqlTransaction } from './sql';

afterAll(() => disconnectPrisma());

describe('direct SQL on the shared pool', () => {
  it('answers rows, a named statement the same on every call', async () => {
    for (const n of [1, 2, 3]) {
      expect(await sqlRows<{ n: number }>({ name: 'sql-test-echo', text: 'SELECT $1::int AS n', values: [n] })).toEqual(
        [{ n }],
      );
    }
  });

  it('commits a transaction that returns and rolls back one that throws, passing the error on', async () => {
    const table = `sql_test_${Date.now().toString(36)}`;
    await prisma.$executeRawUnsafe(`CREATE TABLE "${table}" (n int)`);
    try {
      await sqlTransaction(async (tx) => {
        await tx.query({ text: `INSERT INTO "${table}" VALUES (1)` });
      });
      const failure = sqlTransaction(async (tx) => {
        await tx.query({ text: `INSERT INTO "${table}" VALUES (2)` });
        throw new Error('refused after the insert');
      });
      await expect(failure).rejects.toThrow('refused after the insert');
      const rows = await sqlRows<{ n: number }>({ text: `SELECT n FROM "${table}" ORDER BY n` });
      expect(rows).toEqual([{ n: 1 }]);
    } finally {
      await prisma.$executeRawUnsafe(`DROP TABLE "${table}"`);
    }
  });

  it('returns every connection: more transactions than the pool holds all finish', async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        sqlTransaction((tx) => tx.query<{ i: number }>({ text: 'SELECT $1::int AS i', values: [i] })),
      ),
    );
    expect(results.map((r) => r.rows[0].i)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    await Promise.all(
      Array.from({ length: 30 }, () =>
        sqlTransaction(async () => {
          throw new Error('x');
        }).catch(() => undefined),
      ),
    );
    expect((await sqlRows<{ ok: number }>({ text: 'SELECT 1 AS ok' }))[0].ok).toBe(1);
  });
});

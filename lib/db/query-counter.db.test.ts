import { afterAll, describe, expect, it } from 'vitest';
import { createPrismaClient, queriesSent } from './client';

const previous = process.env.DB_QUERY_COUNTER;
process.env.DB_QUERY_COUNTER = '1';
const counted = createPrismaClient();
process.env.DB_QUERY_COUNTER = previous;
const plain = createPrismaClient();
afterAll(async () => {
  await counted.$disconnect();
  await plain.$disconnect();
});

describe('query counter (DB_QUERY_COUNTER=1, for npm run bench)', () => {
  it('counts each statement a counting client sends, from Prisma query events', async () => {
    const before = queriesSent();
    await counted.product.findFirst({ select: { id: true } });
    await counted.$queryRaw`SELECT 1`;
    expect(queriesSent() - before).toBe(2);
  });

  it('counts nothing for a client made without it', async () => {
    const before = queriesSent();
    await plain.product.findFirst({ select: { id: true } });
    expect(queriesSent()).toBe(before);
  });
});

describe('direct statements (lib/db/sql.ts)', () => {
  it("are counted like Prisma's, transaction statements included, when the bench asks for it", async () => {
    const { sqlRows, sqlTransaction } = await import('./sql');
    process.env.DB_QUERY_COUNTER = '1';
    try {
      const before = queriesSent();
      await sqlRows({ text: 'SELECT 1' });
      await sqlTransaction((tx) => tx.query({ text: 'SELECT 2' }));
      expect(queriesSent() - before).toBe(4);
    } finally {
      process.env.DB_QUERY_COUNTER = previous;
    }
    const before = queriesSent();
    await sqlRows({ text: 'SELECT 1' });
    expect(queriesSent()).toBe(before);
  });
});

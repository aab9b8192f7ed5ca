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

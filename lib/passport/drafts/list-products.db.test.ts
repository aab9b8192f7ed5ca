import { afterAll, describe, expect, it } from 'vitest';
import { keyCtx } from '../../../testing/domain';
import { newCompany } from '../../../testing/drafts';
import { createTestProduct } from '../../../testing/factories';
import { disconnectPrisma, prisma } from '../../db/client';
import { type ListProductsQuery, listProducts } from './list-products';

afterAll(() => disconnectPrisma());

async function everyPage(ctx: ReturnType<typeof keyCtx>, query: Omit<ListProductsQuery, 'after'>) {
  const ids: string[] = [];
  let after: ListProductsQuery['after'];
  for (let pages = 0; pages < 20; pages++) {
    const { items, next } = await listProducts({ ctx, query: { ...query, after } });
    ids.push(...items.map((p) => p.id));
    if (!next) return { ids, pages: pages + 1 };
    after = next;
  }
  throw new Error('paging did not end');
}

describe('listProducts', () => {
  it("pages through the company's products of the caller's mode in (updatedAt, id) order, each once", async () => {
    const [c, other] = [await newCompany(), await newCompany()];
    const same = new Date('2026-01-01T00:00:00.000Z');
    const live = [];
    for (let i = 0; i < 5; i++) live.push(await createTestProduct(prisma, { companyId: c.id }));
    // Equal timestamps: the id breaks the tie, so paging neither skips nor repeats.
    for (const p of live.slice(0, 3))
      await prisma.$executeRaw`UPDATE "Product" SET "updatedAt" = ${same} WHERE "id" = ${p.id}::uuid`;
    await createTestProduct(prisma, { companyId: c.id, mode: 'TEST' });
    await createTestProduct(prisma, { companyId: other.id });
    const rows = await prisma.product.findMany({
      where: { companyId: c.id, mode: 'LIVE' },
      orderBy: [{ updatedAt: 'asc' }, { id: 'asc' }],
    });
    const { ids, pages } = await everyPage(keyCtx(c.id), { limit: 2 });
    expect(ids).toEqual(rows.map((r) => r.id));
    expect(pages).toBe(3);
    expect((await everyPage(keyCtx(c.id, 'TEST'), { limit: 50 })).ids).toHaveLength(1);
  });

  it('filters by state, category and updatedSince', async () => {
    const c = await newCompany();
    const draft = await createTestProduct(prisma, { companyId: c.id, category: 'LMT_BATTERY' });
    const submitted = await createTestProduct(prisma, { companyId: c.id, state: 'SUBMITTED' });
    await prisma.$executeRaw`UPDATE "Product" SET "updatedAt" = ${new Date('2020-01-01T00:00:00Z')} WHERE "id" = ${draft.id}::uuid`;
    const ctx = keyCtx(c.id);
    const ids = async (q: Omit<ListProductsQuery, 'limit'>) =>
      (await listProducts({ ctx, query: { limit: 50, ...q } })).items.map((p) => p.id);
    expect(await ids({ states: ['SUBMITTED'] })).toEqual([submitted.id]);
    expect(await ids({ states: ['DRAFT', 'SUBMITTED'] })).toEqual([draft.id, submitted.id]);
    expect(await ids({ categoryCode: 'LMT_BATTERY' })).toEqual([draft.id]);
    expect(await ids({ updatedSince: new Date('2021-01-01T00:00:00Z') })).toEqual([submitted.id]);
  });
});

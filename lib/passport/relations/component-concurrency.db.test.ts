import { afterAll, describe, expect, it } from 'vitest';
import { companyWithDrafts } from '../../../testing/relations';
import { disconnectPrisma, prisma } from '../../db/client';
import { ServiceError } from '../../errors';
import { addComponent } from './add-component';
import { componentGraphProblems } from './component-graph';

afterAll(() => disconnectPrisma());

/** Each call in its own transaction, all started at once; the outcome of each: 'ok' or the error code. */
async function race(calls: Array<() => Promise<unknown>>): Promise<string[]> {
  const outcomes = await Promise.allSettled(calls.map((call) => call()));
  return outcomes.map((o) => {
    if (o.status === 'fulfilled') return 'ok';
    if (o.reason instanceof ServiceError) return o.reason.code;
    throw o.reason;
  });
}

describe('concurrent component writes never close a cycle together', () => {
  it('two opposite inserts at once (A→B beside B→A): exactly one succeeds, the other is CIRCULAR_REFERENCE', async () => {
    for (let round = 0; round < 5; round++) {
      const {
        company,
        products: [a, b],
        ctx,
      } = await companyWithDrafts(2);
      const outcomes = await race([
        () => addComponent({ ctx, input: { productId: a.id, childId: b.id } }),
        () => addComponent({ ctx, input: { productId: b.id, childId: a.id } }),
      ]);
      expect(outcomes.sort()).toEqual(['CIRCULAR_REFERENCE', 'ok']);
      expect(await prisma.componentLink.count({ where: { parentId: { in: [a.id, b.id] } } })).toBe(1);
      expect(await componentGraphProblems(prisma, company.id, a.id)).toEqual([]);
    }
  });

  it('three inserts closing a triangle at once (A→B, B→C, C→A): exactly one is refused and no cycle exists', async () => {
    const {
      company,
      products: [a, b, c],
      ctx,
    } = await companyWithDrafts(3);
    const outcomes = await race([
      () => addComponent({ ctx, input: { productId: a.id, childId: b.id } }),
      () => addComponent({ ctx, input: { productId: b.id, childId: c.id } }),
      () => addComponent({ ctx, input: { productId: c.id, childId: a.id } }),
    ]);
    expect(outcomes.sort()).toEqual(['CIRCULAR_REFERENCE', 'ok', 'ok']);
    for (const p of [a, b, c]) expect(await componentGraphProblems(prisma, company.id, p.id)).toEqual([]);
  });
});

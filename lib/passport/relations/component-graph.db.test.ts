import { afterAll, describe, expect, it } from 'vitest';
import { createTestCompany, createTestProduct } from '../../../testing/factories';
import { companyWithDrafts } from '../../../testing/relations';
import { disconnectPrisma, prisma } from '../../db/client';
import { componentGraphProblems, MAX_COMPONENTS } from './component-graph';

afterAll(() => disconnectPrisma());

// Links are inserted directly: the graph problems the gate reports are ones the API itself never lets in.
const link = (parentId: string, childId: string) => prisma.componentLink.create({ data: { parentId, childId } });

describe('componentGraphProblems reports what would make a published component graph unsound', () => {
  it('reports nothing for a sound tree with a shared component (a diamond is not a cycle)', async () => {
    const {
      company,
      products: [root, a, b, c],
    } = await companyWithDrafts(4);
    await link(root.id, a.id);
    await link(root.id, b.id);
    await link(a.id, c.id);
    await link(b.id, c.id);
    expect(await componentGraphProblems(prisma, company.id, root.id)).toEqual([]);
  });

  it('reports a cycle reachable from the product, naming its members, and a product containing itself', async () => {
    const {
      company,
      products: [root, a, b, selfish],
    } = await companyWithDrafts(4);
    await link(root.id, a.id);
    await link(a.id, b.id);
    await link(b.id, a.id);
    await link(root.id, selfish.id);
    await link(selfish.id, selfish.id);
    const problems = await componentGraphProblems(prisma, company.id, root.id);
    expect(problems).toHaveLength(2);
    const cycle = problems.find((p) => p.includes('contain each other'));
    expect(cycle).toContain(`"${a.name}"`);
    expect(cycle).toContain(`"${b.name}"`);
    expect(problems).toContain(`"${selfish.name}" contains itself as a component.`);
  });

  it('ignores a cycle elsewhere in the company that the product does not reach', async () => {
    const {
      company,
      products: [root, a, x, y],
    } = await companyWithDrafts(4);
    await link(root.id, a.id);
    await link(x.id, y.id);
    await link(y.id, x.id);
    expect(await componentGraphProblems(prisma, company.id, root.id)).toEqual([]);
  });

  it("reports a component of another company without naming it, and does not walk into that company's graph", async () => {
    const {
      company,
      products: [root],
    } = await companyWithDrafts(1);
    const other = await createTestCompany(prisma);
    const foreign = await createTestProduct(prisma, { companyId: other.id, name: `Secret ${other.id}` });
    const foreignChild = await createTestProduct(prisma, { companyId: other.id });
    await link(root.id, foreign.id);
    await link(foreign.id, foreignChild.id);
    const problems = await componentGraphProblems(prisma, company.id, root.id);
    expect(problems).toEqual([`Component ${foreign.id} of "${root.name}" belongs to another company.`]);
  });

  it('reports a component of the other mode and a withdrawn component, at any depth', async () => {
    const {
      company,
      products: [root, mid],
    } = await companyWithDrafts(2);
    const sandbox = await createTestProduct(prisma, { companyId: company.id, mode: 'TEST' });
    const withdrawn = await createTestProduct(prisma, { companyId: company.id, state: 'WITHDRAWN', version: 1 });
    await link(root.id, mid.id);
    await link(mid.id, sandbox.id);
    await link(mid.id, withdrawn.id);
    const problems = await componentGraphProblems(prisma, company.id, root.id);
    expect(problems).toHaveLength(2);
    expect(problems).toContain(
      `Component "${sandbox.name}" of "${mid.name}" is a test-mode product; this passport is live.`,
    );
    expect(problems).toContain(`Component "${withdrawn.name}" of "${mid.name}" is withdrawn.`);
  });

  it(`reports a product with more than ${MAX_COMPONENTS} direct components`, async () => {
    const {
      company,
      products: [root],
    } = await companyWithDrafts(1);
    const category = await prisma.category.findUniqueOrThrow({ where: { code: 'EV_BATTERY' } });
    const tag = root.id.slice(0, 8);
    const rows = await prisma.product.createManyAndReturn({
      data: Array.from({ length: MAX_COMPONENTS + 1 }, (_, i) => ({
        companyId: company.id,
        categoryId: category.id,
        schemaVersion: category.currentSchemaVersion,
        slug: `many-${tag}-${i}`,
        name: `Many ${tag} ${i}`,
      })),
      select: { id: true },
    });
    await prisma.componentLink.createMany({ data: rows.map((r) => ({ parentId: root.id, childId: r.id })) });
    expect(await componentGraphProblems(prisma, company.id, root.id)).toEqual([
      `"${root.name}" has ${MAX_COMPONENTS + 1} direct components; at most ${MAX_COMPONENTS} are allowed.`,
    ]);
  });

  it('reports nothing for a product of another company or an id that is not a product', async () => {
    const {
      products: [root, a],
    } = await companyWithDrafts(2);
    await link(root.id, root.id);
    await link(root.id, a.id);
    const stranger = await createTestCompany(prisma);
    expect(await componentGraphProblems(prisma, stranger.id, root.id)).toEqual([]);
    expect(await componentGraphProblems(prisma, root.companyId, 'not-a-uuid')).toEqual([]);
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { auditRows, keyCtx, refusal } from '../../../testing/domain';
import { createTestCompany, createTestProduct } from '../../../testing/factories';
import { companyWithDrafts } from '../../../testing/relations';
import { disconnectPrisma, prisma } from '../../db/client';
import { addComponent } from './add-component';
import { MAX_COMPONENTS } from './component-graph';
import { listComponents } from './list-components';

afterAll(() => disconnectPrisma());

/** Three drafts linked A→B→C. */
async function chainOfThree() {
  const drafts = await companyWithDrafts(3);
  const {
    products: [a, b, c],
    ctx,
  } = drafts;
  await addComponent({ ctx, input: { productId: a.id, childId: b.id } });
  await addComponent({ ctx, input: { productId: b.id, childId: c.id } });
  return drafts;
}

describe('addComponent', () => {
  it('adds a component with quantity 1 by default, one audit row and one product.updated event', async () => {
    const {
      company,
      products: [pack, module],
      ctx,
    } = await companyWithDrafts(2);
    const { component, created } = await addComponent({
      ctx,
      input: { productId: pack.id, childId: module.id, role: 'module' },
    });
    expect(created).toBe(true);
    expect(component).toMatchObject({
      child: { id: module.id, name: module.name, slug: module.slug, state: 'DRAFT' },
      quantity: 1,
      role: 'module',
    });
    const audits = await auditRows(pack.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      eventType: 'Update',
      eventContext: { componentLinkId: component.id, created: true },
    });
    expect(await prisma.webhookEvent.count({ where: { companyId: company.id, type: 'product.updated' } })).toBe(1);
  });

  it('re-adding the same child updates its quantity and role instead of duplicating it', async () => {
    const {
      products: [pack, cell],
      ctx,
    } = await companyWithDrafts(2);
    const first = await addComponent({ ctx, input: { productId: pack.id, childId: cell.id, quantity: 96 } });
    const again = await addComponent({
      ctx,
      input: { productId: pack.id, childId: cell.id, quantity: 104, role: 'cell' },
    });
    expect(again.created).toBe(false);
    expect(again.component).toMatchObject({ id: first.component.id, quantity: 104, role: 'cell' });
    expect(await prisma.componentLink.count({ where: { parentId: pack.id } })).toBe(1);
  });

  it('refuses the product itself with SELF_REFERENCE', async () => {
    const {
      products: [p],
      ctx,
    } = await companyWithDrafts(1);
    expect((await refusal(addComponent({ ctx, input: { productId: p.id, childId: p.id.toUpperCase() } }))).code).toBe(
      'SELF_REFERENCE',
    );
  });

  it('refuses a link that closes a cycle at any depth with CIRCULAR_REFERENCE (A→B→C, then C→A)', async () => {
    const {
      products: [a, b, c],
      ctx,
    } = await chainOfThree();
    expect((await refusal(addComponent({ ctx, input: { productId: c.id, childId: a.id } }))).code).toBe(
      'CIRCULAR_REFERENCE',
    );
    expect((await refusal(addComponent({ ctx, input: { productId: b.id, childId: a.id } }))).code).toBe(
      'CIRCULAR_REFERENCE',
    );
    // A shared component is not a cycle: A→C beside A→B→C is a diamond.
    await addComponent({ ctx, input: { productId: a.id, childId: c.id } });
    expect(await auditRows(c.id)).toHaveLength(0);
  });

  it(`refuses a direct component beyond ${MAX_COMPONENTS} with MAX_COMPONENTS, but still updates an existing one`, async () => {
    const {
      company,
      products: [parent, last],
      ctx,
    } = await companyWithDrafts(2);
    const category = await prisma.category.findUniqueOrThrow({ where: { code: 'EV_BATTERY' } });
    const tag = parent.id.slice(0, 8);
    const children = Array.from({ length: MAX_COMPONENTS }, (_, i) => ({
      companyId: company.id,
      categoryId: category.id,
      schemaVersion: category.currentSchemaVersion,
      slug: `max-${tag}-${i}`,
      name: `Max ${tag} ${i}`,
    }));
    const rows = await prisma.product.createManyAndReturn({ data: children, select: { id: true } });
    await prisma.componentLink.createMany({ data: rows.map((r) => ({ parentId: parent.id, childId: r.id })) });
    expect((await refusal(addComponent({ ctx, input: { productId: parent.id, childId: last.id } }))).code).toBe(
      'MAX_COMPONENTS',
    );
    const updated = await addComponent({ ctx, input: { productId: parent.id, childId: rows[0].id, quantity: 3 } });
    expect(updated).toMatchObject({ created: false, component: { quantity: 3 } });
  });

  it('answers NOT_FOUND for a child of another company or of the other mode', async () => {
    const {
      company,
      products: [p],
      ctx,
    } = await companyWithDrafts(1);
    const other = await createTestCompany(prisma);
    const foreign = await createTestProduct(prisma, { companyId: other.id });
    const sandbox = await createTestProduct(prisma, { companyId: company.id, mode: 'TEST' });
    for (const childId of [foreign.id, sandbox.id]) {
      expect((await refusal(addComponent({ ctx, input: { productId: p.id, childId } }))).code).toBe('NOT_FOUND');
    }
    expect(await prisma.componentLink.count({ where: { parentId: p.id } })).toBe(0);
  });

  it('refuses frozen parents with PRODUCT_FROZEN and accepts published children', async () => {
    const {
      company,
      products: [draft],
      ctx,
    } = await companyWithDrafts(1);
    const published = await createTestProduct(prisma, { companyId: company.id, state: 'APPROVED', version: 1 });
    expect((await refusal(addComponent({ ctx, input: { productId: published.id, childId: draft.id } }))).code).toBe(
      'PRODUCT_FROZEN',
    );
    expect(
      (await addComponent({ ctx, input: { productId: draft.id, childId: published.id } })).component.child.state,
    ).toBe('APPROVED');
  });
});

describe('listComponents', () => {
  it('lists direct components only, to the owner in its own mode', async () => {
    const {
      products: [a, b],
      ctx,
    } = await chainOfThree();
    const page = await listComponents({ ctx, input: { productId: a.id, limit: 50 } });
    expect(page.items.map((x) => x.child.id)).toEqual([b.id]);
    expect(page.next).toBeNull();
    expect(
      (await refusal(listComponents({ ctx: keyCtx(a.companyId, 'TEST'), input: { productId: a.id, limit: 50 } }))).code,
    ).toBe('NOT_FOUND');
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { keyCtx, refusal } from '../../../../testing/domain';
import { createTestCompany } from '../../../../testing/factories';
import { disconnectPrisma, prisma } from '../../../db/client';
import { encodeCursor } from '../../../domain/cursor';
import { CATEGORY_SCHEMAS } from '../../../schema/categories';
import { fieldView, listCategoryViews, listIndustryViews, loadStoredSchema } from './reference';
import { listSupplierPage } from './suppliers';

afterAll(() => disconnectPrisma());

describe('listSupplierPage', () => {
  it("lists owned and linked suppliers by name then id, never another tenant's unlinked one", async () => {
    const [mine, other] = [await createTestCompany(prisma), await createTestCompany(prisma)];
    for (const name of ['Cobalt Co', 'anode works', 'Zinc AG'])
      await prisma.supplier.create({ data: { companyId: mine.id, name } });
    const shared = await prisma.supplier.create({
      data: { companyId: other.id, name: 'Lithium Ltd', country: 'CL', contactEmail: 'sales@lithium.example' },
    });
    await prisma.supplier.create({ data: { companyId: other.id, name: 'Hidden Minerals' } });
    await prisma.supplierLink.create({ data: { supplierId: shared.id, companyId: mine.id } });

    const page = await listSupplierPage({ ctx: keyCtx(mine.id), db: prisma, query: { limit: 50 } });
    const expectedOrder = (
      await prisma.supplier.findMany({
        where: { OR: [{ companyId: mine.id }, { id: shared.id }] },
        orderBy: [{ name: 'asc' }, { id: 'asc' }],
        select: { name: true },
      })
    ).map((s) => s.name);
    expect(page.data.map((s) => s.name)).toEqual(expectedOrder);
    expect(page.data.map((s) => s.name)).not.toContain('Hidden Minerals');
    expect(page.data.find((s) => s.id === shared.id)).toEqual({
      id: shared.id,
      name: 'Lithium Ltd',
      country: 'CL',
      identifier: null,
      contactEmail: 'sales@lithium.example',
      owned: false,
    });
    expect(page.data.filter((s) => s.owned)).toHaveLength(3);
    expect(page.nextCursor).toBeNull();
  });

  it('pages through every supplier exactly once, also when names repeat across tenants', async () => {
    const [mine, other] = [await createTestCompany(prisma), await createTestCompany(prisma)];
    for (const name of ['Same Name', 'B', 'C', 'D'])
      await prisma.supplier.create({ data: { companyId: mine.id, name } });
    const twin = await prisma.supplier.create({ data: { companyId: other.id, name: 'Same Name' } });
    await prisma.supplierLink.create({ data: { supplierId: twin.id, companyId: mine.id } });
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 10; i++) {
      const page = await listSupplierPage({ ctx: keyCtx(mine.id), db: prisma, query: { limit: 2, cursor } });
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((s) => s.id));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
  });

  it('refuses a cursor it did not hand out with 400 VALIDATION_ERROR', async () => {
    const mine = await createTestCompany(prisma);
    for (const cursor of ['not-a-cursor', encodeCursor(['name', 'not-a-uuid'])]) {
      const error = await refusal(listSupplierPage({ ctx: keyCtx(mine.id), db: prisma, query: { limit: 5, cursor } }));
      expect(error.code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('reference data reads', () => {
  it('loads the stored field schema, equal to the one in code, at the current version by default', async () => {
    const { schema, currentVersion } = await loadStoredSchema(prisma, 'EV_BATTERY');
    expect(schema.version).toBe(currentVersion);
    expect(schema.fields.map(fieldView)).toEqual(CATEGORY_SCHEMAS.EV_BATTERY.fields.map(fieldView));
    expect((await loadStoredSchema(prisma, 'EV_BATTERY', 1)).schema.version).toBe(1);
  });

  it('answers 404 NOT_FOUND for an unknown category or version', async () => {
    expect((await refusal(loadStoredSchema(prisma, 'TOASTER'))).code).toBe('NOT_FOUND');
    expect((await refusal(loadStoredSchema(prisma, 'EV_BATTERY', 99))).code).toBe('NOT_FOUND');
  });

  it('lists the battery industry and the five categories with their schema versions', async () => {
    const industries = await listIndustryViews(prisma);
    expect(industries.find((i) => i.code === 'BATTERIES')?.categories.filter((c) => !c.startsWith('test-'))).toEqual([
      'EV_BATTERY',
      'INDUSTRIAL_BATTERY',
      'LMT_BATTERY',
      'PORTABLE_BATTERY',
      'SLI_BATTERY',
    ]);
    // Other test files share this database and may add `test-…` categories of their own.
    const categories = (await listCategoryViews(prisma)).filter((c) => !c.code.startsWith('test-'));
    expect(categories.map((c) => c.code)).toEqual([
      'EV_BATTERY',
      'INDUSTRIAL_BATTERY',
      'LMT_BATTERY',
      'PORTABLE_BATTERY',
      'SLI_BATTERY',
    ]);
    expect(categories[0]).toMatchObject({
      industry: 'BATTERIES',
      currentSchemaVersion: 3,
      schemaVersions: [1, 2, 3],
      passportRequired: true,
    });
  });

  it('shows a field with every bound present (null when absent) and the description only when the schema has one', () => {
    const fields = CATEGORY_SCHEMAS.EV_BATTERY.fields;
    const plain = fieldView(fields.find((f) => f.description === undefined && f.type === 'string')!);
    expect(plain).toMatchObject({ min: null, max: null, options: null });
    expect('description' in plain).toBe(false);
    expect(fieldView(fields.find((f) => f.description !== undefined)!).description).toEqual(expect.any(String));
    expect(fieldView(fields.find((f) => f.type === 'array')!).items?.[0]).toMatchObject({
      id: expect.any(String),
      min: null,
    });
  });
});

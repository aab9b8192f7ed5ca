import { afterAll, describe, expect, it } from 'vitest';
import { auditRows, keyCtx, refusal } from '../../../testing/domain';
import { createTestCompany, createTestProduct } from '../../../testing/factories';
import { companyWithDrafts } from '../../../testing/relations';
import { disconnectPrisma, prisma } from '../../db/client';
import { addTraceabilityEntry } from './add-traceability-entry';
import { listTraceability } from './list-traceability';

afterAll(() => disconnectPrisma());

const supplierOf = (companyId: string, name = `Supplier ${Math.random()}`) =>
  prisma.supplier.create({ data: { companyId, name } });

describe('addTraceabilityEntry', () => {
  it('records an entry naming an owned supplier, with one audit row and one product.updated event', async () => {
    const {
      company,
      products: [p],
      ctx,
    } = await companyWithDrafts(1);
    const supplier = await supplierOf(company.id, 'Kokkola Refinery');
    const entry = await addTraceabilityEntry({
      ctx,
      input: {
        productId: p.id,
        supplierId: supplier.id,
        stage: 'refining',
        country: 'FI',
        occurredAt: new Date('2026-03-14'),
      },
    });
    expect(entry).toMatchObject({
      supplier: { id: supplier.id, name: 'Kokkola Refinery' },
      stage: 'refining',
      country: 'FI',
      occurredAt: '2026-03-14T00:00:00.000Z',
      material: null,
    });
    const audits = await auditRows(p.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      eventType: 'Update',
      actorRole: 'Integration',
      eventChannel: 'API',
      eventContext: { traceabilityEntryId: entry.id },
    });
    const events = await prisma.webhookEvent.findMany({ where: { companyId: company.id, type: 'product.updated' } });
    expect(events).toHaveLength(1);
  });

  it('accepts a supplier another company linked to this one', async () => {
    const {
      company,
      products: [p],
      ctx,
    } = await companyWithDrafts(1);
    const owner = await createTestCompany(prisma);
    const supplier = await supplierOf(owner.id);
    await prisma.supplierLink.create({ data: { supplierId: supplier.id, companyId: company.id } });
    const entry = await addTraceabilityEntry({
      ctx,
      input: { productId: p.id, supplierId: supplier.id, stage: 'raw_material_extraction' },
    });
    expect(entry.supplier?.id).toBe(supplier.id);
  });

  it('refuses an unlinked supplier of another tenant and an unknown supplier alike with SUPPLIER_NOT_ACCESSIBLE, writing nothing', async () => {
    const {
      products: [p],
      ctx,
    } = await companyWithDrafts(1);
    const other = await createTestCompany(prisma);
    const foreign = await supplierOf(other.id);
    for (const supplierId of [foreign.id, '0b7e8c2a-6f1d-4e3b-9a5c-8d2f1e0a7b6c']) {
      const err = await refusal(
        addTraceabilityEntry({ ctx, input: { productId: p.id, supplierId, stage: 'transport' } }),
      );
      expect(err.code).toBe('SUPPLIER_NOT_ACCESSIBLE');
    }
    expect(await prisma.traceabilityEntry.count({ where: { productId: p.id } })).toBe(0);
    expect(await auditRows(p.id)).toHaveLength(0);
  });

  it('refuses frozen products (submitted, published, withdrawn, deprecated) with PRODUCT_FROZEN and demo passports with DEMO_PRODUCT', async () => {
    const { company, ctx } = await companyWithDrafts(0);
    for (const state of ['SUBMITTED', 'APPROVED', 'WITHDRAWN', 'DEPRECATED'] as const) {
      const p = await createTestProduct(prisma, { companyId: company.id, state });
      expect((await refusal(addTraceabilityEntry({ ctx, input: { productId: p.id, stage: 'other' } }))).code).toBe(
        'PRODUCT_FROZEN',
      );
    }
    const demo = await createTestProduct(prisma, { companyId: company.id });
    await prisma.product.update({ where: { id: demo.id }, data: { isDemo: true } });
    expect((await refusal(addTraceabilityEntry({ ctx, input: { productId: demo.id, stage: 'other' } }))).code).toBe(
      'DEMO_PRODUCT',
    );
  });

  it("answers NOT_FOUND for another tenant's product and for a product of the other mode", async () => {
    const {
      products: [p],
    } = await companyWithDrafts(1);
    const stranger = await createTestCompany(prisma);
    expect(
      (await refusal(addTraceabilityEntry({ ctx: keyCtx(stranger.id), input: { productId: p.id, stage: 'other' } })))
        .code,
    ).toBe('NOT_FOUND');
    expect(
      (
        await refusal(
          addTraceabilityEntry({ ctx: keyCtx(p.companyId, 'TEST'), input: { productId: p.id, stage: 'other' } }),
        )
      ).code,
    ).toBe('NOT_FOUND');
  });
});

describe('listTraceability', () => {
  it('pages entries in recording order without gaps or repeats', async () => {
    const {
      products: [p],
      ctx,
    } = await companyWithDrafts(1);
    for (let i = 0; i < 5; i++)
      await addTraceabilityEntry({ ctx, input: { productId: p.id, stage: 'transport', material: `lot ${i}` } });
    const first = await listTraceability({ ctx, input: { productId: p.id, limit: 2 } });
    const second = await listTraceability({ ctx, input: { productId: p.id, limit: 2, after: first.next! } });
    const third = await listTraceability({ ctx, input: { productId: p.id, limit: 2, after: second.next! } });
    const paged = [...first.items, ...second.items, ...third.items].map((e) => e.material);
    const whole = await listTraceability({ ctx, input: { productId: p.id, limit: 100 } });
    expect(paged).toEqual(whole.items.map((e) => e.material));
    expect(new Set(paged)).toEqual(new Set(['lot 0', 'lot 1', 'lot 2', 'lot 3', 'lot 4']));
    expect(third.next).toBeNull();
  });

  it('answers NOT_FOUND to a sandbox reader of a live product', async () => {
    const {
      products: [p],
    } = await companyWithDrafts(1);
    expect(
      (await refusal(listTraceability({ ctx: keyCtx(p.companyId, 'TEST'), input: { productId: p.id, limit: 10 } })))
        .code,
    ).toBe('NOT_FOUND');
  });
});

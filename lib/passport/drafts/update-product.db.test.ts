import { afterAll, describe, expect, it } from 'vitest';
import { auditRows, keyCtx, refusal } from '../../../testing/domain';
import { newCompany, tag } from '../../../testing/drafts';
import { createPublishedPassport, createTestProduct } from '../../../testing/factories';
import { disconnectPrisma, prisma } from '../../db/client';
import type { ProductState } from '../../db/generated/enums';
import { updateProduct } from './update-product';

afterAll(() => disconnectPrisma());

describe('updateProduct', () => {
  it('changes the name, bumps lockVersion and audits the changed member names once', async () => {
    const c = await newCompany();
    const p = await createTestProduct(prisma, { companyId: c.id });
    const name = `Renamed ${tag()}`;
    const updated = await updateProduct({
      ctx: keyCtx(c.id),
      input: { productId: p.id, lockVersion: p.lockVersion, name, serialNumber: 'S-9' },
    });
    expect(updated).toMatchObject({ name, serialNumber: 'S-9', lockVersion: p.lockVersion + 1 });
    const audit = await auditRows(p.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ eventType: 'Update', eventContext: { members: ['name', 'serialNumber'] } });
    expect((await prisma.webhookEvent.findMany({ where: { companyId: c.id } })).map((e) => e.type)).toEqual([
      'product.updated',
    ]);
  });

  it('answers a stale lockVersion with LOCK_CONFLICT carrying the current one, and changes nothing', async () => {
    const c = await newCompany();
    const p = await createTestProduct(prisma, { companyId: c.id });
    await updateProduct({
      ctx: keyCtx(c.id),
      input: { productId: p.id, lockVersion: p.lockVersion, name: `A ${tag()}` },
    });
    const err = await refusal(
      updateProduct({ ctx: keyCtx(c.id), input: { productId: p.id, lockVersion: p.lockVersion, name: `B ${tag()}` } }),
    );
    expect(err.code).toBe('LOCK_CONFLICT');
    expect(err.options.currentLockVersion).toBe(p.lockVersion + 1);
    expect(await auditRows(p.id)).toHaveLength(1);
  });

  it.each<ProductState>(['SUBMITTED', 'APPROVED', 'WITHDRAWN', 'DEPRECATED'])(
    'refuses a %s product with PRODUCT_FROZEN',
    async (state) => {
      const c = await newCompany();
      const p = await createTestProduct(prisma, { companyId: c.id, state });
      const err = await refusal(
        updateProduct({
          ctx: keyCtx(c.id),
          input: { productId: p.id, lockVersion: p.lockVersion, name: `N ${tag()}` },
        }),
      );
      expect(err.code).toBe('PRODUCT_FROZEN');
    },
  );

  it('refuses a demo product with DEMO_PRODUCT', async () => {
    const c = await newCompany();
    const p = await prisma.product.update({
      where: { id: (await createTestProduct(prisma, { companyId: c.id })).id },
      data: { isDemo: true },
    });
    expect(
      (
        await refusal(
          updateProduct({ ctx: keyCtx(c.id), input: { productId: p.id, lockVersion: p.lockVersion, name: 'x' } }),
        )
      ).code,
    ).toBe('DEMO_PRODUCT');
  });

  it('writes nothing when nothing changes', async () => {
    const c = await newCompany();
    const p = await createTestProduct(prisma, { companyId: c.id });
    const same = await updateProduct({
      ctx: keyCtx(c.id),
      input: { productId: p.id, lockVersion: p.lockVersion, name: p.name },
    });
    expect(same.lockVersion).toBe(p.lockVersion);
    expect(await auditRows(p.id)).toHaveLength(0);
  });

  it('keeps the GTIN, serial and batch of a published passport under revision (PRODUCT_FROZEN) but lets the name change', async () => {
    const c = await newCompany();
    const published = await createPublishedPassport(prisma, { companyId: c.id });
    const revision = await prisma.product.update({ where: { id: published.id }, data: { state: 'DRAFT' } });
    const ctx = keyCtx(c.id);
    const err = await refusal(
      updateProduct({ ctx, input: { productId: revision.id, lockVersion: revision.lockVersion, serialNumber: 'NEW' } }),
    );
    expect(err.code).toBe('PRODUCT_FROZEN');
    await expect(
      updateProduct({ ctx, input: { productId: revision.id, lockVersion: revision.lockVersion, name: `R ${tag()}` } }),
    ).resolves.toBeTruthy();
  });

  it("answers another company's product and a product of the other mode with NOT_FOUND", async () => {
    const [mine, theirs] = [await newCompany(), await newCompany()];
    const foreign = await createTestProduct(prisma, { companyId: theirs.id });
    const sandbox = await createTestProduct(prisma, { companyId: mine.id, mode: 'TEST' });
    for (const p of [foreign, sandbox]) {
      expect(
        (await refusal(updateProduct({ ctx: keyCtx(mine.id), input: { productId: p.id, lockVersion: 1, name: 'x' } })))
          .code,
      ).toBe('NOT_FOUND');
    }
    expect((await prisma.product.findUniqueOrThrow({ where: { id: foreign.id } })).name).toBe(foreign.name);
  });

  it('refuses a name in use (NAME_IN_USE) and an invalid serial (VALIDATION_ERROR)', async () => {
    const c = await newCompany();
    const [a, b] = [
      await createTestProduct(prisma, { companyId: c.id }),
      await createTestProduct(prisma, { companyId: c.id }),
    ];
    expect(
      (
        await refusal(
          updateProduct({ ctx: keyCtx(c.id), input: { productId: b.id, lockVersion: b.lockVersion, name: a.name } }),
        )
      ).code,
    ).toBe('NAME_IN_USE');
    expect(
      (
        await refusal(
          updateProduct({
            ctx: keyCtx(c.id),
            input: { productId: b.id, lockVersion: b.lockVersion, serialNumber: 'has space' },
          }),
        )
      ).code,
    ).toBe('VALIDATION_ERROR');
  });
});

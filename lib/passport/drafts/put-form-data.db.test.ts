import { afterAll, describe, expect, it } from 'vitest';
import { auditRows, keyCtx, refusal } from '../../../testing/domain';
import { newCompany } from '../../../testing/drafts';
import { createTestProduct } from '../../../testing/factories';
import { disconnectPrisma, prisma } from '../../db/client';
import { sqlTransaction } from '../../db/sql';
import { PRODUCT_INCLUDE, productView } from './product-view';
import { putFormData } from './put-form-data';

afterAll(() => disconnectPrisma());

describe('putFormData', () => {
  it('merges the batch (null clears a field) and audits the changed field ids once, never their values', async () => {
    const c = await newCompany();
    const p = await createTestProduct(prisma, {
      companyId: c.id,
      formData: { model_number: 'M-1', rated_capacity_ah: 100 },
    });
    const updated = await putFormData({
      ctx: keyCtx(c.id),
      input: { productId: p.id, formData: { rated_capacity_ah: null, nominal_voltage_v: 400, model_number: 'M-1' } },
    });
    expect(updated.formData).toEqual({ model_number: 'M-1', nominal_voltage_v: 400 });
    expect(updated.lockVersion).toBe(p.lockVersion + 1);
    const audit = await auditRows(p.id);
    expect(audit).toHaveLength(1);
    expect(audit[0].eventContext).toEqual({ fields: ['rated_capacity_ah', 'nominal_voltage_v'] });
    expect(JSON.stringify(audit[0].eventContext)).not.toContain('400');
  });

  it('refuses the whole batch when one value is wrong, naming the field and never echoing the value', async () => {
    const c = await newCompany();
    const p = await createTestProduct(prisma, { companyId: c.id, formData: { model_number: 'M-1' } });
    const marker = 'MARKER-7f3a9c';
    const err = await refusal(
      putFormData({
        ctx: keyCtx(c.id),
        input: { productId: p.id, formData: { model_number: 'M-2', nominal_voltage_v: marker } },
      }),
    );
    expect(err.code).toBe('FIELD_VALIDATION_ERROR');
    expect(err.options.fieldErrors).toEqual([
      expect.objectContaining({ field_id: 'nominal_voltage_v', code: 'WRONG_TYPE' }),
    ]);
    expect(JSON.stringify(err.options) + err.message).not.toContain(marker);
    expect((await prisma.product.findUniqueOrThrow({ where: { id: p.id } })).formData).toEqual({ model_number: 'M-1' });
  });

  it('checks an optional lockVersion: stale is LOCK_CONFLICT, omitted is accepted', async () => {
    const c = await newCompany();
    const p = await createTestProduct(prisma, { companyId: c.id });
    const err = await refusal(
      putFormData({
        ctx: keyCtx(c.id),
        input: { productId: p.id, lockVersion: p.lockVersion + 5, formData: { model_number: 'A' } },
      }),
    );
    expect(err.code).toBe('LOCK_CONFLICT');
    expect(err.options.currentLockVersion).toBe(p.lockVersion);
    await expect(
      putFormData({ ctx: keyCtx(c.id), input: { productId: p.id, formData: { model_number: 'A' } } }),
    ).resolves.toBeTruthy();
  });

  it('refuses a submitted product with PRODUCT_FROZEN before looking at the data', async () => {
    const c = await newCompany();
    const p = await createTestProduct(prisma, { companyId: c.id, state: 'SUBMITTED' });
    expect(
      (await refusal(putFormData({ ctx: keyCtx(c.id), input: { productId: p.id, formData: { x: 1 } } }))).code,
    ).toBe('PRODUCT_FROZEN');
  });
});

describe('list entries', () => {
  it('refuses an entry of a list field without its mandated members (REQUIRED_MISSING), though top-level fields may stay empty', async () => {
    const c = await newCompany();
    const p = await createTestProduct(prisma, { companyId: c.id });
    const err = await refusal(
      putFormData({
        ctx: keyCtx(c.id),
        input: { productId: p.id, formData: { test_reports: [{ title: 'Abuse test' }] } },
      }),
    );
    expect(err.options.fieldErrors).toEqual([
      expect.objectContaining({ field_id: 'test_reports[0].url', code: 'REQUIRED_MISSING' }),
    ]);
    const ok = await putFormData({
      ctx: keyCtx(c.id),
      input: { productId: p.id, formData: { test_reports: [{ title: 'Abuse test', url: 'https://lab.example/r/1' }] } },
    });
    expect(ok.formData).toEqual({ test_reports: [{ title: 'Abuse test', url: 'https://lab.example/r/1' }] });
  });
});

describe('putFormData in a direct SQL transaction (the Integration API runs it so)', () => {
  it('writes the form data, the lock version, the audit row and the event together, answering what is stored', async () => {
    const c = await newCompany();
    const p = await createTestProduct(prisma, { companyId: c.id, formData: { model_number: 'M-1' } });
    const updated = await sqlTransaction((tx) =>
      putFormData({ ctx: keyCtx(c.id), db: tx, input: { productId: p.id, formData: { model_number: 'M-2' } } }),
    );
    const stored = await prisma.product.findUniqueOrThrow({ where: { id: p.id }, include: PRODUCT_INCLUDE });
    // The answer is the stored row as the Prisma reads show it: same times (UTC), same lock version, same category.
    expect(productView(updated)).toEqual(productView(stored));
    expect(stored.updatedAt.getTime()).toBeGreaterThan(p.updatedAt.getTime());
    expect([stored.lockVersion, stored.formData]).toEqual([p.lockVersion + 1, { model_number: 'M-2' }]);
    expect((await auditRows(p.id)).map((a) => a.eventContext)).toEqual([{ fields: ['model_number'] }]);
    const events = await prisma.webhookEvent.findMany({ where: { companyId: c.id, type: 'product.updated' } });
    expect(events.map((e) => [e.mode, e.payload])).toEqual([[p.mode, { productId: p.id, fields: ['model_number'] }]]);
  });

  it('leaves nothing behind when the transaction fails after it', async () => {
    const c = await newCompany();
    const p = await createTestProduct(prisma, { companyId: c.id, formData: { model_number: 'M-1' } });
    const failed = sqlTransaction(async (tx) => {
      await putFormData({ ctx: keyCtx(c.id), db: tx, input: { productId: p.id, formData: { model_number: 'M-2' } } });
      throw new Error('a later step failed');
    });
    await expect(failed).rejects.toThrow('a later step failed');
    const stored = await prisma.product.findUniqueOrThrow({ where: { id: p.id } });
    expect([stored.lockVersion, stored.formData]).toEqual([p.lockVersion, { model_number: 'M-1' }]);
    expect(await auditRows(p.id)).toHaveLength(0);
    expect(await prisma.webhookEvent.count({ where: { companyId: c.id } })).toBe(0);
  });

  it("answers another tenant's product and a sandbox product to a live key 404 NOT_FOUND, changing nothing", async () => {
    const c = await newCompany();
    const other = await newCompany();
    const p = await createTestProduct(prisma, { companyId: other.id, formData: { model_number: 'M-1' } });
    const err = await refusal(
      sqlTransaction((tx) =>
        putFormData({ ctx: keyCtx(c.id), db: tx, input: { productId: p.id, formData: { model_number: 'X' } } }),
      ),
    );
    expect(err.code).toBe('NOT_FOUND');
    const sandbox = await createTestProduct(prisma, { companyId: c.id, mode: 'TEST', formData: {} });
    expect(
      (
        await refusal(
          putFormData({ ctx: keyCtx(c.id), input: { productId: sandbox.id, formData: { model_number: 'X' } } }),
        )
      ).code,
    ).toBe('NOT_FOUND');
    expect((await prisma.product.findUniqueOrThrow({ where: { id: p.id } })).formData).toEqual({ model_number: 'M-1' });
  });
});

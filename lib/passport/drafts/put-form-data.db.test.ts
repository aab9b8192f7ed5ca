import { afterAll, describe, expect, it } from 'vitest';
import { disconnectPrisma, prisma } from '../../db/client';
import { createTestProduct } from '../../testing/factories';
import { apiCtx, auditRows, newCompany, rejection } from './drafts-test-kit';
import { putFormData } from './put-form-data';

afterAll(() => disconnectPrisma());

describe('putFormData', () => {
  it('merges the batch (null clears a field) and audits the changed field ids once, never their values', async () => {
    const c = await newCompany();
    const p = await createTestProduct(prisma, { companyId: c.id, formData: { model_number: 'M-1', rated_capacity_ah: 100 } });
    const updated = await putFormData({ ctx: apiCtx(c.id), input: { productId: p.id, formData: { rated_capacity_ah: null, nominal_voltage_v: 400, model_number: 'M-1' } } });
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
    const err = await rejection(putFormData({ ctx: apiCtx(c.id), input: { productId: p.id, formData: { model_number: 'M-2', nominal_voltage_v: marker } } }));
    expect(err.code).toBe('FIELD_VALIDATION_ERROR');
    expect(err.options.fieldErrors).toEqual([expect.objectContaining({ field_id: 'nominal_voltage_v', code: 'WRONG_TYPE' })]);
    expect(JSON.stringify(err.options) + err.message).not.toContain(marker);
    expect((await prisma.product.findUniqueOrThrow({ where: { id: p.id } })).formData).toEqual({ model_number: 'M-1' });
  });

  it('checks an optional lockVersion: stale is LOCK_CONFLICT, omitted is accepted', async () => {
    const c = await newCompany();
    const p = await createTestProduct(prisma, { companyId: c.id });
    const err = await rejection(putFormData({ ctx: apiCtx(c.id), input: { productId: p.id, lockVersion: p.lockVersion + 5, formData: { model_number: 'A' } } }));
    expect(err.code).toBe('LOCK_CONFLICT');
    expect(err.options.currentLockVersion).toBe(p.lockVersion);
    await expect(putFormData({ ctx: apiCtx(c.id), input: { productId: p.id, formData: { model_number: 'A' } } })).resolves.toBeTruthy();
  });

  it('refuses a submitted product with PRODUCT_FROZEN before looking at the data', async () => {
    const c = await newCompany();
    const p = await createTestProduct(prisma, { companyId: c.id, state: 'SUBMITTED' });
    expect((await rejection(putFormData({ ctx: apiCtx(c.id), input: { productId: p.id, formData: { x: 1 } } }))).code).toBe('PRODUCT_FROZEN');
  });
});

describe('list entries', () => {
  it('refuses an entry of a list field without its mandated members (REQUIRED_MISSING), though top-level fields may stay empty', async () => {
    const c = await newCompany();
    const p = await createTestProduct(prisma, { companyId: c.id });
    const err = await rejection(putFormData({ ctx: apiCtx(c.id), input: { productId: p.id, formData: { test_reports: [{ title: 'Abuse test' }] } } }));
    expect(err.options.fieldErrors).toEqual([expect.objectContaining({ field_id: 'test_reports[0].url', code: 'REQUIRED_MISSING' })]);
    const ok = await putFormData({ ctx: apiCtx(c.id), input: { productId: p.id, formData: { test_reports: [{ title: 'Abuse test', url: 'https://lab.example/r/1' }] } } });
    expect(ok.formData).toEqual({ test_reports: [{ title: 'Abuse test', url: 'https://lab.example/r/1' }] });
  });
});

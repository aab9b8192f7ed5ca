import { afterAll, describe, expect, it } from 'vitest';
import { auditRows, keyCtx, refusal } from '../../../testing/domain';
import { evExamples, newCompany } from '../../../testing/drafts';
import { createPublishedPassport, createTestProduct } from '../../../testing/factories';
import { disconnectPrisma, prisma } from '../../db/client';
import { withCheckDigit } from '../../gs1/gtin';
import { submitDraft } from './submit-draft';
import { withdrawPassport } from './withdraw-passport';

afterAll(() => disconnectPrisma());

describe('submitDraft', () => {
  it('submits a ready draft through the gate: state SUBMITTED, one Submit audit row', async () => {
    const c = await newCompany();
    const p = await createTestProduct(prisma, { companyId: c.id, formData: evExamples() });
    const submitted = await submitDraft({ ctx: keyCtx(c.id), input: { productId: p.id } });
    expect(submitted).toMatchObject({ state: 'SUBMITTED', lockVersion: p.lockVersion + 1 });
    expect(submitted.submittedAt).not.toBeNull();
    expect((await auditRows(p.id)).map((a) => a.eventType)).toEqual(['Submit']);
  });

  it('refuses missing mandated fields with SUBMIT_BLOCKED naming them', async () => {
    const c = await newCompany();
    const { model_number: _omitted, ...rest } = evExamples();
    const p = await createTestProduct(prisma, { companyId: c.id, formData: rest });
    const err = await refusal(submitDraft({ ctx: keyCtx(c.id), input: { productId: p.id } }));
    expect(err.code).toBe('SUBMIT_BLOCKED');
    expect(err.message).toContain('model_number');
  });

  it("refuses a GTIN outside the company's prefixes with SUBMIT_REJECTED naming the check", async () => {
    const c = await newCompany();
    await prisma.gs1Prefix.create({ data: { companyId: c.id, prefix: '4099999' } });
    const p = await createTestProduct(prisma, {
      companyId: c.id,
      gtin: `0${withCheckDigit('401234500001')}`,
      formData: evExamples(),
    });
    const err = await refusal(submitDraft({ ctx: keyCtx(c.id), input: { productId: p.id } }));
    expect(err.code).toBe('SUBMIT_REJECTED');
    expect(err.message).toContain('gtin_prefix');
    expect((await prisma.product.findUniqueOrThrow({ where: { id: p.id } })).state).toBe('DRAFT');
    expect(await auditRows(p.id)).toHaveLength(0);
  });

  it('refuses stored values the schema refuses with SUBMIT_REJECTED (readiness)', async () => {
    const c = await newCompany();
    const p = await createTestProduct(prisma, {
      companyId: c.id,
      formData: { ...evExamples(), nominal_voltage_v: 'high' },
    });
    const err = await refusal(submitDraft({ ctx: keyCtx(c.id), input: { productId: p.id } }));
    expect(err.code).toBe('SUBMIT_REJECTED');
    expect(err.options.details).toMatchObject({ failedChecks: [expect.objectContaining({ id: 'readiness' })] });
  });

  it('answers a product that is not a draft with INVALID_STATE / INVALID_TRANSITION, a demo product with DEMO_PRODUCT', async () => {
    const c = await newCompany();
    const submitted = await createTestProduct(prisma, { companyId: c.id, state: 'SUBMITTED', formData: evExamples() });
    const err = await refusal(submitDraft({ ctx: keyCtx(c.id), input: { productId: submitted.id } }));
    expect(err.code).toBe('INVALID_STATE');
    expect(err.options.reason).toBe('INVALID_TRANSITION');
    const demo = await createTestProduct(prisma, { companyId: c.id, formData: evExamples() });
    await prisma.product.update({ where: { id: demo.id }, data: { isDemo: true } });
    expect((await refusal(submitDraft({ ctx: keyCtx(c.id), input: { productId: demo.id } }))).code).toBe(
      'DEMO_PRODUCT',
    );
  });
});

describe('withdrawPassport', () => {
  it('withdraws a published passport and refuses a demo one with DEMO_PRODUCT', async () => {
    const c = await newCompany();
    const p = await createPublishedPassport(prisma, { companyId: c.id });
    const withdrawn = await withdrawPassport({ ctx: keyCtx(c.id), input: { productId: p.id, reason: 'Recall' } });
    expect(withdrawn).toMatchObject({ state: 'WITHDRAWN', withdrawalReason: 'Recall' });
    const demo = await createPublishedPassport(prisma, { companyId: c.id });
    await prisma.product.update({ where: { id: demo.id }, data: { isDemo: true } });
    expect(
      (await refusal(withdrawPassport({ ctx: keyCtx(c.id), input: { productId: demo.id, reason: 'x' } }))).code,
    ).toBe('DEMO_PRODUCT');
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { keyCtx, portalOperator, refusal } from '../../../testing/domain';
import { newCompany, tag } from '../../../testing/drafts';
import { createTestProduct } from '../../../testing/factories';
import { disconnectPrisma, prisma } from '../../db/client';
import { CURRENT_SCHEMA_VERSION, getCategorySchema } from '../../schema/categories';
import { exampleFormData } from '../../schema/examples';
import { approveProduct } from '../transitions/approve';
import { createProduct } from './create-product';
import { productGate } from './gate';
import { putFormData } from './put-form-data';
import { submitDraft } from './submit-draft';

afterAll(() => disconnectPrisma());

const V2 = getCategorySchema('EV_BATTERY', 2)!;
const V3 = getCategorySchema('EV_BATTERY', 3)!;
const withoutCode = () => {
  const { commodity_code: _omitted, ...rest } = exampleFormData(V3);
  return rest;
};

async function publish(companyId: string, productId: string) {
  await submitDraft({ ctx: keyCtx(companyId), input: { productId } });
  const { ctx } = await portalOperator('REVIEWER');
  return approveProduct({ ctx: { ...ctx, companyId }, input: { productId } });
}

describe('commodity_code in schema version 3', () => {
  it('a product created now is on version 3 and cannot be submitted without its commodity code', async () => {
    const c = await newCompany();
    const p = await createProduct({
      ctx: keyCtx(c.id),
      input: { name: `Pack ${tag()}`, categoryCode: 'EV_BATTERY', formData: withoutCode() },
    });
    expect(p.schemaVersion).toBe(3);
    expect(CURRENT_SCHEMA_VERSION).toBe(3);
    const err = await refusal(submitDraft({ ctx: keyCtx(c.id), input: { productId: p.id } }));
    expect(err.code).toBe('SUBMIT_BLOCKED');
    expect(err.options.details).toEqual({
      missingFields: [
        {
          field_id: 'commodity_code',
          label: 'Commodity code (CN)',
          code: 'REQUIRED_MISSING',
          message: 'Commodity code (CN) is mandated for a EV_BATTERY passport and has no value.',
        },
      ],
    });
    expect((await prisma.product.findUniqueOrThrow({ where: { id: p.id } })).state).toBe('DRAFT');
  });

  it('refuses a code outside heading 8507 with the rule in words and keeps the stored data', async () => {
    const c = await newCompany();
    const p = await createTestProduct(prisma, { companyId: c.id, formData: withoutCode() });
    for (const code of ['85066000', '850760', '8507ABCD', '8507 6000']) {
      const err = await refusal(
        putFormData({ ctx: keyCtx(c.id), input: { productId: p.id, formData: { commodity_code: code } } }),
      );
      expect(err.code, code).toBe('FIELD_VALIDATION_ERROR');
      expect(err.options.fieldErrors, code).toEqual([
        {
          field_id: 'commodity_code',
          label: 'Commodity code (CN)',
          code: 'PATTERN_MISMATCH',
          message: 'Commodity code (CN) must be 8 digits of CN heading 8507, such as 85076000.',
        },
      ]);
    }
    expect((await prisma.product.findUniqueOrThrow({ where: { id: p.id } })).formData).toEqual(withoutCode());
  });

  it('publishes once the code is set, and the published fields carry it for the registry', async () => {
    const c = await newCompany();
    const p = await createTestProduct(prisma, { companyId: c.id, formData: withoutCode() });
    await putFormData({ ctx: keyCtx(c.id), input: { productId: p.id, formData: { commodity_code: '85076000' } } });
    expect(await publish(c.id, p.id)).toMatchObject({ state: 'published', version: 1 });
    const v1 = await prisma.passportVersion.findFirstOrThrow({ where: { productId: p.id, version: 1 } });
    const snapshot = JSON.parse(Buffer.from(v1.snapshot).toString('utf8'));
    expect(snapshot).toMatchObject({ schemaVersion: 3, fields: { commodity_code: '85076000' } });
  });
});

describe('a schema version 2 product', () => {
  it('is submitted and published without a commodity code, the gate warning only that version 3 exists', async () => {
    const c = await newCompany();
    const p = await createTestProduct(prisma, { companyId: c.id, formData: exampleFormData(V2) });
    await prisma.product.update({ where: { id: p.id }, data: { schemaVersion: 2 } });
    const gate = await productGate({ ctx: keyCtx(c.id), input: { productId: p.id } });
    expect(gate.ok).toBe(true);
    expect(Object.fromEntries(gate.checks.map((x) => [x.id, x.status]))).toMatchObject({
      readiness: 'pass',
      schema_compatibility: 'warn',
    });
    expect(await publish(c.id, p.id)).toMatchObject({ state: 'published', version: 1 });
    const v1 = await prisma.passportVersion.findFirstOrThrow({ where: { productId: p.id, version: 1 } });
    const snapshot = JSON.parse(Buffer.from(v1.snapshot).toString('utf8'));
    expect(snapshot.schemaVersion).toBe(2);
    expect(snapshot.fields).not.toHaveProperty('commodity_code');
  });

  it('does not take a commodity code: the field is not in its version', async () => {
    const c = await newCompany();
    const p = await createTestProduct(prisma, { companyId: c.id, formData: exampleFormData(V2) });
    await prisma.product.update({ where: { id: p.id }, data: { schemaVersion: 2 } });
    const err = await refusal(
      putFormData({ ctx: keyCtx(c.id), input: { productId: p.id, formData: { commodity_code: '85076000' } } }),
    );
    expect(err.options.fieldErrors).toEqual([
      expect.objectContaining({ field_id: 'commodity_code', code: 'UNKNOWN_FIELD' }),
    ]);
  });
});

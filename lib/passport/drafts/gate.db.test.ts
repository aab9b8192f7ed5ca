import { afterAll, describe, expect, it } from 'vitest';
import { keyCtx, refusal } from '../../../testing/domain';
import { evExamples, newCompany, tag } from '../../../testing/drafts';
import { createTestProduct } from '../../../testing/factories';
import { disconnectPrisma, prisma } from '../../db/client';
import { withCheckDigit } from '../../gs1/gtin';
import { CATEGORY_SCHEMAS } from '../../schema/categories';
import { productGate } from './gate';
import { productReadiness } from './readiness';
import { productSchemaCompatibility } from './schema-compatibility';

afterAll(() => disconnectPrisma());

const statusOf = async (ctx: ReturnType<typeof keyCtx>, productId: string) =>
  Object.fromEntries((await productGate({ ctx, input: { productId } })).checks.map((c) => [c.id, c.status]));

describe('readiness', () => {
  it('lists mandated fields without a value and stored values the schema refuses; ok only when both are empty', async () => {
    const c = await newCompany();
    const empty = await createTestProduct(prisma, { companyId: c.id });
    const report = await productReadiness({ ctx: keyCtx(c.id), input: { productId: empty.id } });
    expect(report.ok).toBe(false);
    expect(report.missing.length).toBe(CATEGORY_SCHEMAS.EV_BATTERY.fields.filter((f) => f.mandated).length);
    const broken = await createTestProduct(prisma, {
      companyId: c.id,
      formData: { ...evExamples(), nominal_voltage_v: 'high' },
    });
    const r2 = await productReadiness({ ctx: keyCtx(c.id), input: { productId: broken.id } });
    expect(r2).toMatchObject({
      ok: false,
      missing: [],
      invalid: [expect.objectContaining({ field_id: 'nominal_voltage_v', code: 'WRONG_TYPE' })],
    });
    const full = await createTestProduct(prisma, { companyId: c.id, formData: evExamples() });
    expect(await productReadiness({ ctx: keyCtx(c.id), input: { productId: full.id } })).toEqual({
      ok: true,
      missing: [],
      invalid: [],
    });
  });

  it("answers another mode's product with NOT_FOUND and a malformed id with INVALID_ID", async () => {
    const c = await newCompany();
    const p = await createTestProduct(prisma, { companyId: c.id, mode: 'TEST' });
    expect((await refusal(productReadiness({ ctx: keyCtx(c.id), input: { productId: p.id } }))).code).toBe('NOT_FOUND');
    expect((await refusal(productReadiness({ ctx: keyCtx(c.id), input: { productId: 'nope' } }))).code).toBe(
      'INVALID_ID',
    );
  });
});

describe('schema compatibility endpoint', () => {
  it('reports a product on the current version as compatible with no upgrade', async () => {
    const c = await newCompany();
    const p = await createTestProduct(prisma, { companyId: c.id, formData: { model_number: 'M' } });
    const report = await productSchemaCompatibility({ ctx: keyCtx(c.id), input: { productId: p.id } });
    expect(report).toEqual({
      productSchemaVersion: 3,
      currentSchemaVersion: 3,
      compatible: true,
      upgradeAvailable: false,
      problems: [],
    });
  });
});

describe('publish gate', () => {
  it('skips the GTIN check without a GTIN, fails it outside the company prefixes, passes it under one', async () => {
    const c = await newCompany();
    const ctx = keyCtx(c.id);
    const none = await createTestProduct(prisma, { companyId: c.id, formData: evExamples() });
    expect(await statusOf(ctx, none.id)).toEqual({
      readiness: 'pass',
      schema_compatibility: 'pass',
      component_graph: 'pass',
      gtin_prefix: 'skip',
      documents: 'warn',
    });
    const prefix = `7${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const gtin = `0${withCheckDigit(`${prefix}123`)}`;
    const p = await createTestProduct(prisma, { companyId: c.id, gtin, formData: evExamples() });
    const unregistered = await productGate({ ctx, input: { productId: p.id } });
    expect(unregistered.ok).toBe(false);
    expect(unregistered.checks.find((x) => x.id === 'gtin_prefix')).toMatchObject({
      status: 'fail',
      details: { gtin, prefixes: [] },
    });
    await prisma.gs1Prefix.create({ data: { companyId: c.id, prefix: '4000001' } });
    expect((await statusOf(ctx, p.id)).gtin_prefix).toBe('fail');
    await prisma.gs1Prefix.create({ data: { companyId: c.id, prefix } });
    const registered = await productGate({ ctx, input: { productId: p.id } });
    expect(registered.ok).toBe(true);
    expect(registered.checks.find((x) => x.id === 'gtin_prefix')?.status).toBe('pass');
  });

  it('reports evidence documents: warn with none (never blocking), pass with one', async () => {
    const c = await newCompany();
    const p = await createTestProduct(prisma, { companyId: c.id, formData: evExamples() });
    const before = await productGate({ ctx: keyCtx(c.id), input: { productId: p.id } });
    expect(before.ok).toBe(true);
    expect(before.checks.find((x) => x.id === 'documents')).toMatchObject({ status: 'warn', details: { count: 0 } });
    await prisma.document.create({
      data: {
        companyId: c.id,
        productId: p.id,
        documentType: 'test_report',
        title: 'T',
        fileName: 't.pdf',
        contentType: 'application/pdf',
        byteLength: 1,
        sha256: '0'.repeat(64),
        storageKey: `k-${tag()}`,
      },
    });
    expect((await statusOf(keyCtx(c.id), p.id)).documents).toBe('pass');
  });

  it('fails readiness when mandated fields are missing', async () => {
    const c = await newCompany();
    const p = await createTestProduct(prisma, { companyId: c.id });
    const gate = await productGate({ ctx: keyCtx(c.id), input: { productId: p.id } });
    expect(gate.ok).toBe(false);
    expect(gate.checks[0]).toMatchObject({ id: 'readiness', status: 'fail' });
  });
});

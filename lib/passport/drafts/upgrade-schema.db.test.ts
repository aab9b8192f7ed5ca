import { afterAll, describe, expect, it } from 'vitest';
import { auditRows, keyCtx, portalOperator, refusal } from '../../../testing/domain';
import { newCompany } from '../../../testing/drafts';
import { createPublishedModel, createTestProduct, TEST_ACTOR } from '../../../testing/factories';
import { disconnectPrisma, prisma } from '../../db/client';
import type { Prisma } from '../../db/generated/client';
import type { ProductState } from '../../db/generated/enums';
import { getCategorySchema } from '../../schema/categories';
import { exampleFormData } from '../../schema/examples';
import { approveProduct } from '../transitions/approve';
import { startRevision } from '../transitions/revise';
import { putFormData } from './put-form-data';
import { productReadiness } from './readiness';
import { upgradeSchemaVersion } from './upgrade-schema';

afterAll(() => disconnectPrisma());

const V2 = getCategorySchema('EV_BATTERY', 2)!;

/** A product of schema version 2 (created before version 3 existed) in `state`, its data valid on version 2. */
async function v2Product(companyId: string, state: ProductState = 'DRAFT', formData: object = exampleFormData(V2)) {
  const p = await createTestProduct(prisma, { companyId, state });
  return prisma.product.update({
    where: { id: p.id },
    data: { schemaVersion: 2, formData: formData as Prisma.InputJsonObject },
  });
}

const upgrade = (companyId: string, product: { id: string; lockVersion: number }) =>
  upgradeSchemaVersion({ ctx: keyCtx(companyId), input: { productId: product.id, lockVersion: product.lockVersion } });

describe('upgradeSchemaVersion', () => {
  it('moves a version 2 draft to version 3, whose commodity code is then mandated and can be filled', async () => {
    const c = await newCompany();
    const p = await v2Product(c.id);
    expect((await productReadiness({ ctx: keyCtx(c.id), input: { productId: p.id } })).ok).toBe(true);
    const moved = await upgrade(c.id, p);
    expect(moved).toMatchObject({ schemaVersion: 3, lockVersion: p.lockVersion + 1, formData: p.formData });
    const readiness = await productReadiness({ ctx: keyCtx(c.id), input: { productId: p.id } });
    expect(readiness.ok).toBe(false);
    expect(readiness.missing.map((e) => e.field_id)).toEqual(['commodity_code']);
    await putFormData({ ctx: keyCtx(c.id), input: { productId: p.id, formData: { commodity_code: '85076000' } } });
    expect((await productReadiness({ ctx: keyCtx(c.id), input: { productId: p.id } })).ok).toBe(true);
  });

  it('writes one SchemaUpgrade audit row with both versions and a product.updated event', async () => {
    const c = await newCompany();
    const p = await v2Product(c.id);
    await upgrade(c.id, p);
    const audit = await auditRows(p.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      eventType: 'SchemaUpgrade',
      actorRole: 'Integration',
      eventChannel: 'API',
      eventContext: { fromSchemaVersion: 2, toSchemaVersion: 3 },
    });
    const events = await prisma.webhookEvent.findMany({ where: { companyId: c.id } });
    expect(events.map((e) => [e.type, e.payload])).toEqual([
      ['product.updated', { productId: p.id, members: ['schemaVersion'], fromSchemaVersion: 2, toSchemaVersion: 3 }],
    ]);
  });

  it('moves the revision of a published version 2 passport; the published version keeps version 2', async () => {
    const c = await newCompany();
    const submitted = await v2Product(c.id, 'SUBMITTED');
    const ctx = { companyId: c.id, actor: TEST_ACTOR };
    await approveProduct({ ctx, input: { productId: submitted.id } });
    await startRevision({ ctx, input: { productId: submitted.id } });
    const draft = await prisma.product.findUniqueOrThrow({ where: { id: submitted.id } });
    expect(await upgrade(c.id, draft)).toMatchObject({ state: 'DRAFT', schemaVersion: 3, version: 1 });
    const v1 = await prisma.passportVersion.findFirstOrThrow({ where: { productId: draft.id, version: 1 } });
    expect(v1.schemaVersion).toBe(2);
    expect(JSON.parse(Buffer.from(v1.snapshot).toString('utf8')).schemaVersion).toBe(2);
  });

  it.each<ProductState>(['SUBMITTED', 'APPROVED', 'WITHDRAWN', 'DEPRECATED'])(
    'refuses a %s product with INVALID_STATE and leaves it on version 2',
    async (state) => {
      const c = await newCompany();
      const p = await v2Product(c.id, state);
      const err = await refusal(upgrade(c.id, p));
      expect(err.code).toBe('INVALID_STATE');
      expect((await prisma.product.findUniqueOrThrow({ where: { id: p.id } })).schemaVersion).toBe(2);
      expect(await auditRows(p.id)).toHaveLength(0);
    },
  );

  it("answers another tenant's draft with NOT_FOUND and changes nothing", async () => {
    const owner = await newCompany();
    const other = await newCompany();
    const p = await v2Product(owner.id);
    expect((await refusal(upgrade(other.id, p))).code).toBe('NOT_FOUND');
    expect((await prisma.product.findUniqueOrThrow({ where: { id: p.id } })).schemaVersion).toBe(2);
  });

  it('refuses stored values the new version refuses, listing each field, and changes nothing', async () => {
    const c = await newCompany();
    const p = await v2Product(c.id, 'DRAFT', { ...exampleFormData(V2), retired_field: 'x', battery_mass_kg: 'heavy' });
    const err = await refusal(upgrade(c.id, p));
    expect(err.code).toBe('FIELD_VALIDATION_ERROR');
    expect(err.options.fieldErrors?.map((e) => [e.field_id, e.code]).sort()).toEqual([
      ['battery_mass_kg', 'WRONG_TYPE'],
      ['retired_field', 'UNKNOWN_FIELD'],
    ]);
    const after = await prisma.product.findUniqueOrThrow({ where: { id: p.id } });
    expect(after).toMatchObject({ schemaVersion: 2, lockVersion: p.lockVersion });
    expect(await auditRows(p.id)).toHaveLength(0);
  });

  it('answers a stale lockVersion with LOCK_CONFLICT carrying the current one', async () => {
    const c = await newCompany();
    const p = await v2Product(c.id);
    await putFormData({ ctx: keyCtx(c.id), input: { productId: p.id, formData: { model_number: 'M-2' } } });
    const err = await refusal(upgrade(c.id, p));
    expect(err.code).toBe('LOCK_CONFLICT');
    expect(err.options.currentLockVersion).toBe(p.lockVersion + 1);
    expect((await prisma.product.findUniqueOrThrow({ where: { id: p.id } })).schemaVersion).toBe(2);
  });

  it('returns a draft already on the current version unchanged, writing nothing', async () => {
    const c = await newCompany();
    const p = await createTestProduct(prisma, { companyId: c.id });
    expect(await upgrade(c.id, p)).toMatchObject({ schemaVersion: 3, lockVersion: p.lockVersion });
    expect(await auditRows(p.id)).toHaveLength(0);
  });

  it('refuses a reviewer: moving a draft is an edit', async () => {
    const { ctx } = await portalOperator('REVIEWER');
    const p = await v2Product(ctx.companyId);
    const err = await refusal(upgradeSchemaVersion({ ctx, input: { productId: p.id, lockVersion: p.lockVersion } }));
    expect(err.code).toBe('FORBIDDEN');
  });

  it('refuses an item (its model decides) and a model with items, both with INVALID_STATE', async () => {
    const c = await newCompany();
    const model = await createPublishedModel(prisma, { companyId: c.id, gtin: '4006381333931' });
    const item = await createTestProduct(prisma, { companyId: c.id });
    await prisma.product.update({
      where: { id: item.id },
      data: { kind: 'ITEM', modelId: model.id, schemaVersion: 2 },
    });
    await startRevision({ ctx: { companyId: c.id, actor: TEST_ACTOR }, input: { productId: model.id } });
    const draftModel = await prisma.product.update({ where: { id: model.id }, data: { schemaVersion: 2 } });
    const itemErr = await refusal(upgrade(c.id, item));
    expect(itemErr).toMatchObject({ code: 'INVALID_STATE', options: { reason: 'ITEM_FOLLOWS_MODEL' } });
    const modelErr = await refusal(upgrade(c.id, draftModel));
    expect(modelErr).toMatchObject({ code: 'INVALID_STATE', options: { reason: 'MODEL_HAS_ITEMS' } });
  });

  it('moves a model draft that has no items yet', async () => {
    const c = await newCompany();
    const model = await createTestProduct(prisma, { companyId: c.id });
    const v2 = await prisma.product.update({ where: { id: model.id }, data: { kind: 'MODEL', schemaVersion: 2 } });
    expect(await upgrade(c.id, v2)).toMatchObject({ kind: 'MODEL', schemaVersion: 3 });
  });
});

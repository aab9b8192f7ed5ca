import { afterAll, describe, expect, it } from 'vitest';
import { auditRows, keyCtx, refusal } from '../../../testing/domain';
import { evExamples, newCompany, tag } from '../../../testing/drafts';
import { TEST_ACTOR } from '../../../testing/factories';
import {
  itemDraft,
  itemExamples,
  latestSnapshot,
  modelDraft,
  modelExamples,
  publish,
  uniqueGtin,
} from '../../../testing/models';
import { disconnectPrisma, prisma } from '../../db/client';
import type { DomainContext } from '../../domain/context';
import type { ServiceError } from '../../errors';
import { createProduct } from '../drafts/create-product';
import { putFormData } from '../drafts/put-form-data';
import { productReadiness } from '../drafts/readiness';
import { updateProduct } from '../drafts/update-product';
import { startRevision, submitProduct } from '../lifecycle';
import { buildJsonLd, findPublicPassport } from '../public/representations';
import { republishItems } from './republish';

afterAll(() => disconnectPrisma());

const system = (companyId: string): DomainContext => ({ companyId, actor: TEST_ACTOR, mode: 'LIVE' });

async function publishedModel(companyId: string, formData = modelExamples()) {
  const model = await modelDraft(keyCtx(companyId), formData);
  await publish(system(companyId), model.id);
  return model;
}

async function publishedItem(companyId: string, modelId: string) {
  const item = await itemDraft(keyCtx(companyId), modelId);
  await publish(system(companyId), item.id);
  return item;
}

const fieldErrorsOf = (error: ServiceError) => (error.options.fieldErrors ?? []).map((e) => `${e.field_id}:${e.code}`);

describe('creating models and items', () => {
  it("makes a model, an item that takes its model's category, schema version and GTIN, and a standalone passport", async () => {
    const c = await newCompany();
    const model = await modelDraft(keyCtx(c.id));
    expect(model).toMatchObject({ kind: 'MODEL', modelId: null, state: 'DRAFT' });
    const item = await createProduct({ ctx: keyCtx(c.id), input: { modelId: model.id, serialNumber: 'SN-77' } });
    expect(item).toMatchObject({
      kind: 'ITEM',
      modelId: model.id,
      gtin: model.gtin,
      categoryId: model.categoryId,
      schemaVersion: model.schemaVersion,
      serialNumber: 'SN-77',
      name: `${model.name} · SN-77`,
    });
    const batch = await createProduct({
      ctx: keyCtx(c.id),
      input: { kind: 'item', modelId: model.id, batchNumber: 'LOT-1' },
    });
    expect(batch).toMatchObject({ kind: 'ITEM', batchNumber: 'LOT-1', name: `${model.name} · LOT-1` });
    const standalone = await createProduct({
      ctx: keyCtx(c.id),
      input: { name: `Pack ${tag()}`, categoryCode: 'EV_BATTERY', formData: evExamples() },
    });
    expect(standalone).toMatchObject({ kind: 'STANDALONE', modelId: null });
  });

  it('refuses a mismatched kind and modelId, a model not of the caller (another tenant, another mode, a standalone), and an item of another GTIN with 422 MODEL_INVALID', async () => {
    const c = await newCompany();
    const other = await newCompany();
    const model = await modelDraft(keyCtx(c.id));
    const foreign = await modelDraft(keyCtx(other.id));
    const standalone = await createProduct({
      ctx: keyCtx(c.id),
      input: { name: `Pack ${tag()}`, categoryCode: 'EV_BATTERY' },
    });
    const cases = [
      refusal(
        createProduct({
          ctx: keyCtx(c.id),
          input: { kind: 'model', modelId: model.id, name: 'x', categoryCode: 'EV_BATTERY', gtin: uniqueGtin() },
        }),
      ),
      refusal(createProduct({ ctx: keyCtx(c.id), input: { kind: 'item', serialNumber: 'S1' } })),
      refusal(
        createProduct({ ctx: keyCtx(c.id), input: { kind: 'standalone', modelId: model.id, serialNumber: 'S1' } }),
      ),
      refusal(createProduct({ ctx: keyCtx(c.id), input: { modelId: foreign.id, serialNumber: 'S1' } })),
      refusal(createProduct({ ctx: keyCtx(c.id, 'TEST'), input: { modelId: model.id, serialNumber: 'S1' } })),
      refusal(createProduct({ ctx: keyCtx(c.id), input: { modelId: standalone.id, serialNumber: 'S1' } })),
      refusal(
        createProduct({ ctx: keyCtx(c.id), input: { modelId: model.id, serialNumber: 'S1', gtin: uniqueGtin() } }),
      ),
    ];
    for (const error of await Promise.all(cases)) expect(error.code).toBe('MODEL_INVALID');
    // The other tenant's model is refused exactly like a model that does not exist: nothing is revealed.
    const foreignError = await refusal(
      createProduct({ ctx: keyCtx(c.id), input: { modelId: foreign.id, serialNumber: 'S2' } }),
    );
    const missingError = await refusal(
      createProduct({
        ctx: keyCtx(c.id),
        input: { modelId: '00000000-0000-4000-8000-000000000000', serialNumber: 'S2' },
      }),
    );
    expect(foreignError.message).toBe(missingError.message);
    expect(await prisma.product.count({ where: { modelId: { in: [model.id, foreign.id] } } })).toBe(0);
  });

  it('needs a GTIN on a model, a serial or batch number on an item, a name and category otherwise (VALIDATION_ERROR)', async () => {
    const c = await newCompany();
    const model = await modelDraft(keyCtx(c.id));
    const noGtin = await refusal(
      createProduct({ ctx: keyCtx(c.id), input: { kind: 'model', name: `M ${tag()}`, categoryCode: 'EV_BATTERY' } }),
    );
    const noSerial = await refusal(createProduct({ ctx: keyCtx(c.id), input: { modelId: model.id } }));
    const noName = await refusal(createProduct({ ctx: keyCtx(c.id), input: { categoryCode: 'EV_BATTERY' } }));
    const noCategory = await refusal(createProduct({ ctx: keyCtx(c.id), input: { name: `P ${tag()}` } }));
    for (const error of [noGtin, noSerial, noName, noCategory]) expect(error.code).toBe('VALIDATION_ERROR');
  });
});

describe('identity of models and items', () => {
  it('refuses a new GTIN on an item, and on a model that has items (MODEL_INVALID); a model without items may change it', async () => {
    const c = await newCompany();
    const model = await modelDraft(keyCtx(c.id));
    const item = await itemDraft(keyCtx(c.id), model.id);
    const onItem = await refusal(
      updateProduct({
        ctx: keyCtx(c.id),
        input: { productId: item.id, lockVersion: item.lockVersion, gtin: uniqueGtin() },
      }),
    );
    const onModel = await refusal(
      updateProduct({
        ctx: keyCtx(c.id),
        input: { productId: model.id, lockVersion: model.lockVersion, gtin: uniqueGtin() },
      }),
    );
    expect([onItem.code, onModel.code]).toEqual(['MODEL_INVALID', 'MODEL_INVALID']);
    const lone = await modelDraft(keyCtx(c.id));
    const changed = await updateProduct({
      ctx: keyCtx(c.id),
      input: { productId: lone.id, lockVersion: lone.lockVersion, gtin: uniqueGtin() },
    });
    expect(changed.gtin).not.toBe(lone.gtin);
  });
});

describe('levels', () => {
  it('refuses an item-level field on a model with WRONG_LEVEL, at creation and through putFormData', async () => {
    const c = await newCompany();
    const created = await refusal(modelDraft(keyCtx(c.id), modelExamples({ manufacturing_date: '2026-01-15' })));
    expect(created.code).toBe('FIELD_VALIDATION_ERROR');
    expect(fieldErrorsOf(created)).toEqual(['manufacturing_date:WRONG_LEVEL']);
    const model = await modelDraft(keyCtx(c.id));
    const put = await refusal(
      putFormData({
        ctx: keyCtx(c.id),
        input: { productId: model.id, formData: { battery_mass_kg: 450, current_soh_pct: 99 } },
      }),
    );
    expect(fieldErrorsOf(put).sort()).toEqual(['battery_mass_kg:WRONG_LEVEL', 'current_soh_pct:WRONG_LEVEL']);
  });

  it('refuses an item overriding a non-overridable field its published model sets, and takes an overridable one', async () => {
    const c = await newCompany();
    const model = await publishedModel(c.id, modelExamples({ warranty_period_months: 96 }));
    const item = await itemDraft(keyCtx(c.id), model.id);
    const refused = await refusal(
      putFormData({ ctx: keyCtx(c.id), input: { productId: item.id, formData: { carbon_footprint_per_kwh: 1 } } }),
    );
    expect(fieldErrorsOf(refused)).toEqual(['carbon_footprint_per_kwh:WRONG_LEVEL']);
    const atCreation = await refusal(
      createProduct({
        ctx: keyCtx(c.id),
        input: { modelId: model.id, serialNumber: `S-${tag()}`, formData: { battery_chemistry: 'LFP' } },
      }),
    );
    expect(fieldErrorsOf(atCreation)).toEqual(['battery_chemistry:WRONG_LEVEL']);
    const taken = await putFormData({
      ctx: keyCtx(c.id),
      input: { productId: item.id, formData: { warranty_period_months: 120 } },
    });
    expect(taken.formData).toMatchObject({ warranty_period_months: 120 });
  });

  it('leaves a standalone passport without level rules', async () => {
    const c = await newCompany();
    const p = await createProduct({
      ctx: keyCtx(c.id),
      input: {
        name: `Pack ${tag()}`,
        categoryCode: 'EV_BATTERY',
        formData: { manufacturing_date: '2026-01-15', carbon_footprint_per_kwh: 60 },
      },
    });
    expect(p.formData).toMatchObject({ manufacturing_date: '2026-01-15', carbon_footprint_per_kwh: 60 });
  });
});

describe('publishing items', () => {
  it('refuses to submit an item while its model is unpublished (SUBMIT_REJECTED); readiness judges the merged data and names the model version', async () => {
    const c = await newCompany();
    const model = await modelDraft(keyCtx(c.id));
    const item = await itemDraft(keyCtx(c.id), model.id);
    const before = await productReadiness({ ctx: keyCtx(c.id), input: { productId: item.id } });
    expect(before.ok).toBe(false);
    expect(before.model).toBeNull();
    expect(before.missing.map((f) => f.field_id)).toContain('battery_chemistry');
    const refused = await refusal(submitProduct({ ctx: system(c.id), input: { productId: item.id } }));
    expect(refused.code).toBe('SUBMIT_REJECTED');
    expect(refused.message).toMatch(/model must be published first/);
    await publish(system(c.id), model.id);
    const after = await productReadiness({ ctx: keyCtx(c.id), input: { productId: item.id } });
    expect(after).toMatchObject({ ok: true, missing: [], invalid: [], model: { id: model.id, version: 1 } });
  });

  it("approving an item writes its snapshot with the merged fields and the model's version, and sets modelVersion", async () => {
    const c = await newCompany();
    const model = await publishedModel(c.id, modelExamples({ warranty_period_months: 96 }));
    const item = await itemDraft(keyCtx(c.id), model.id, itemExamples({ manufacturing_date: '2026-03-01' }));
    await publish(system(c.id), item.id);
    const snapshot = await latestSnapshot(item.id);
    expect(snapshot.model).toEqual({ id: model.id, slug: model.slug, name: model.name, version: 1 });
    expect(snapshot.fields).toMatchObject({
      ...modelExamples({ warranty_period_months: 96 }),
      manufacturing_date: '2026-03-01',
    });
    const row = await prisma.product.findUniqueOrThrow({ where: { id: item.id } });
    expect(row).toMatchObject({ state: 'APPROVED', version: 1, modelVersion: 1 });
    // The item's own stored form data stays its own: the merge is the passport's, not the draft's.
    expect(row.formData).not.toHaveProperty('battery_chemistry');
  });
});

describe('public reads of models and items', () => {
  it("a bare GTIN names the model (even beside batch items), GTIN and serial the item; the item's public JSON names its model version", async () => {
    const c = await newCompany();
    const model = await publishedModel(c.id);
    for (const lot of ['LOT-A', 'LOT-B']) {
      const batch = await createProduct({
        ctx: keyCtx(c.id),
        input: { modelId: model.id, batchNumber: lot, formData: itemExamples() },
      });
      await publish(system(c.id), batch.id);
    }
    const item = await publishedItem(c.id, model.id);
    const gtin = model.gtin ?? '';
    const published = async (key: Parameters<typeof findPublicPassport>[0]) => {
      const found = await findPublicPassport(key);
      if (found.kind !== 'published') throw new Error(`nothing published at ${JSON.stringify(key)}`);
      return found.passport;
    };
    const byGtin = await published({ gtin });
    expect(byGtin.product.id).toBe(model.id);
    expect(byGtin.dpp).not.toHaveProperty('model');
    const bySerial = await published({ gtin, serialNumber: item.serialNumber ?? '' });
    expect(bySerial.product.id).toBe(item.id);
    expect(bySerial.dpp.model).toMatchObject({ slug: model.slug, name: model.name, version: 1 });
    expect(bySerial.dpp.model?.url).toMatch(new RegExp(`/api/dpp/${model.slug}/v/1$`));
    expect(bySerial.dpp.manufacturer).toMatchObject({ name: modelExamples().manufacturer_name });
    expect(buildJsonLd(bySerial, 'https://dpp.example').isVariantOf).toEqual({
      '@type': 'ProductModel',
      '@id': bySerial.dpp.model?.url,
      name: model.name,
      'dpp:slug': model.slug,
      'dpp:version': 1,
    });
    expect(buildJsonLd(byGtin, 'https://dpp.example')).not.toHaveProperty('isVariantOf');
  });
});

describe("re-publication of a model's items", () => {
  async function modelWithItems(items: number) {
    const c = await newCompany();
    const model = await publishedModel(c.id);
    const published = [];
    for (let i = 0; i < items; i++) published.push(await publishedItem(c.id, model.id));
    const draft = await itemDraft(keyCtx(c.id), model.id);
    return { c, model, published, draft };
  }

  async function newModelVersion(companyId: string, modelId: string, formData: Record<string, unknown>) {
    await startRevision({ ctx: system(companyId), input: { productId: modelId } });
    await putFormData({ ctx: keyCtx(companyId), input: { productId: modelId, formData } });
    await publish(system(companyId), modelId);
    return prisma.batchRun.findFirstOrThrow({
      where: { subjectId: modelId, kind: 'REPUBLISH_ITEMS' },
      orderBy: { createdAt: 'desc' },
    });
  }

  it("a model's new version queues a REPUBLISH_ITEMS run over its published items; the run re-publishes each with a snapshot naming the new version, an audit row and passport.published", async () => {
    const { c, model, published, draft } = await modelWithItems(2);
    const run = await newModelVersion(c.id, model.id, { warranty_period_months: 72 });
    expect(run).toMatchObject({ status: 'QUEUED', total: 2, processed: 0, subjectVersion: 2, companyId: c.id });
    expect(await republishItems(run)).toBe('completed');
    expect(await prisma.batchRun.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({
      status: 'COMPLETED',
      processed: 2,
      failed: 0,
    });
    for (const item of published) {
      const row = await prisma.product.findUniqueOrThrow({ where: { id: item.id } });
      expect(row).toMatchObject({ state: 'APPROVED', version: 2, modelVersion: 2 });
      const snapshot = await latestSnapshot(item.id);
      expect(snapshot).toMatchObject({ version: 2, model: { id: model.id, version: 2 } });
      expect(snapshot.fields.warranty_period_months).toBe(72);
      const audit = (await auditRows(item.id)).filter((a) => a.eventType === 'Republish');
      expect(audit).toHaveLength(1);
      expect(audit[0].eventContext).toMatchObject({ version: 2, modelVersion: 2, batchRunId: run.id });
      const events = await prisma.webhookEvent.findMany({ where: { companyId: c.id, type: 'passport.published' } });
      expect(
        events
          .filter((e) => (e.payload as { productId: string; version: number }).productId === item.id)
          .map((e) => (e.payload as { version: number }).version)
          .sort(),
      ).toEqual([1, 2]);
    }
    // The draft item is not re-published: it merges the new model version at its own publication.
    expect(await prisma.product.findUniqueOrThrow({ where: { id: draft.id } })).toMatchObject({
      state: 'DRAFT',
      version: 0,
    });
  });

  it('is idempotent: a second run for the same model version re-publishes nothing', async () => {
    const { c, model, published } = await modelWithItems(2);
    const run = await newModelVersion(c.id, model.id, { warranty_period_months: 60 });
    await republishItems(run);
    expect(await republishItems(run)).toBe('not-runnable');
    const again = await prisma.batchRun.create({
      data: {
        ...run,
        id: undefined,
        status: 'QUEUED',
        processed: 0,
        failed: 0,
        createdAt: new Date(),
        startedAt: null,
        finishedAt: null,
      },
    });
    expect(await republishItems(again)).toBe('completed');
    expect(await prisma.batchRun.findUniqueOrThrow({ where: { id: again.id } })).toMatchObject({
      processed: 0,
      failed: 0,
    });
    for (const item of published) {
      expect(await prisma.passportVersion.count({ where: { productId: item.id } })).toBe(2);
    }
  });

  it('is resumable: a run stopped after k items continues with exactly the rest', async () => {
    const { c, model, published } = await modelWithItems(3);
    const run = await newModelVersion(c.id, model.id, { warranty_period_months: 84 });
    expect(await republishItems(run, { limit: 1 })).toBe('stopped');
    const partly = await prisma.batchRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(partly).toMatchObject({ status: 'RUNNING', processed: 1, total: 3 });
    expect(await republishItems(partly)).toBe('completed');
    expect(await prisma.batchRun.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({
      status: 'COMPLETED',
      processed: 3,
    });
    const versions = await prisma.product.findMany({
      where: { id: { in: published.map((p) => p.id) } },
      select: { version: true, modelVersion: true },
    });
    expect(versions).toEqual(published.map(() => ({ version: 2, modelVersion: 2 })));
  });

  it('queues no run for a model without published items', async () => {
    const c = await newCompany();
    const model = await publishedModel(c.id);
    expect(await prisma.batchRun.count({ where: { subjectId: model.id } })).toBe(0);
  });
});

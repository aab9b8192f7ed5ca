// Model and item passports over real HTTP: a model and its items made through the Integration API, published (the
// approval is a human act, done here through the domain verb), then read back through the GS1 Digital Link
// resolver (/01/{gtin} the model, /01/{gtin}/21/{serial} the item) and the public JSON of the item, which shows the
// model's data merged under its own and names the model version it was built on.
import { randomInt } from 'node:crypto';
import { systemActor } from '../lib/domain/context';
import { withCheckDigit } from '../lib/gs1/gtin';
import { createProduct } from '../lib/passport/drafts/create-product';
import { approveProduct, submitProduct } from '../lib/passport/lifecycle';
import { expect, test } from '../testing/e2e/fixtures';
import { db, newTenant, refusal } from '../testing/e2e/integration';
import { expectAccessible, newPortalCompany, signIn } from '../testing/e2e/portal';
import { createPublishedModel } from '../testing/factories';
import { itemExamples, modelExamples, uniqueGtin as unique13 } from '../testing/models';

const uniqueName = (what: string) => `${what} ${randomInt(1e9)}`;
const uniqueGtin = () => withCheckDigit(`7${String(randomInt(1e11)).padStart(11, '0')}`);

test.describe('models and items on the Integration API', () => {
  test('a model and its items are created, published and resolved: /01/{gtin} is the model, /01/{gtin}/21/{serial} the item, whose public JSON shows the merged data and the model version', async ({
    page,
    request,
    baseURL,
  }) => {
    const { company, client } = await newTenant();
    const approve = (productId: string) =>
      approveProduct({
        ctx: { companyId: company.id, actor: systemActor('e2e-reviewer') },
        input: { productId },
        db: db(),
      });
    // The publication gate checks the GTIN against the company's GS1 company prefixes.
    const prefix = `7${String(randomInt(1e8)).padStart(8, '0')}`;
    await db().gs1Prefix.create({ data: { companyId: company.id, prefix } });
    const gtin = withCheckDigit(`${prefix}${String(randomInt(1000)).padStart(3, '0')}`);
    const model = await client.createModel({
      name: uniqueName('Aurora 60 model'),
      categoryCode: 'EV_BATTERY',
      gtin,
      formData: modelExamples({ warranty_period_months: 96 }),
    });
    expect(model).toMatchObject({ kind: 'model', modelId: null, gtin: `0${gtin}` });

    const serial = `SN-${randomInt(1e9)}`;
    const item = await client.createItem(model.id, {
      serialNumber: serial,
      formData: itemExamples({ manufacturing_date: '2026-10-01', battery_mass_kg: 401.5 }),
    });
    expect(item).toMatchObject({
      kind: 'item',
      modelId: model.id,
      gtin: model.gtin,
      category: 'EV_BATTERY',
      name: `${model.name} · ${serial}`,
    });
    // Until the model is published an item cannot be submitted.
    const early = await refusal(client.submitProduct(item.id));
    expect([early.status, early.code]).toEqual([422, 'SUBMIT_REJECTED']);

    await client.submitProduct(model.id);
    await approve(model.id);
    const readiness = await client.readiness(item.id);
    expect(readiness).toMatchObject({ ok: true, model: { id: model.id, version: 1 } });
    await client.submitProduct(item.id);
    await approve(item.id);
    const modelRead = await client.getProduct(model.id);
    expect(modelRead).toMatchObject({ kind: 'model', version: 1, republication: null });
    const items = await client.listProducts({ modelId: model.id });
    expect(items.data.map((p) => p.id)).toEqual([item.id]);

    const modelPage = await page.goto(`/01/${model.gtin}`);
    expect(modelPage?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(model.name);
    const itemPage = await page.goto(`/01/${model.gtin}/21/${encodeURIComponent(serial)}`);
    expect(itemPage?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(item.name);
    await expect(page.getByTestId('built-on-model')).toHaveText(`Built on model ${model.name}, version 1`);
    await expect(page.getByTestId('built-on-model').getByRole('link')).toHaveAttribute('href', `/dpp/${model.slug}`);

    const json = await request.get(`/api/dpp/${item.slug}`);
    expect(json.status()).toBe(200);
    const dpp = await json.json();
    expect(dpp.model).toEqual({
      slug: model.slug,
      name: model.name,
      version: 1,
      url: `${baseURL}/api/dpp/${model.slug}/v/1`,
    });
    // The model's values (manufacturer, performance) with the item's own unit data.
    expect(dpp.manufacturer.name).toBe(modelExamples().manufacturer_name);
    expect(dpp.performance.ratedCapacityAh).toBe(modelExamples().rated_capacity_ah);
    expect(JSON.stringify(dpp)).toContain('2026-10-01');
    const modelJson = await (await request.get(`/api/dpp/${model.slug}`)).json();
    expect(modelJson).not.toHaveProperty('model');
    expect(Object.keys(modelJson)).toHaveLength(16);
  });

  test('refuses a modelId of another company like an unknown one, a kind without its model, and an item-level field on a model (422)', async () => {
    const { client } = await newTenant();
    const other = await newTenant();
    const foreign = await other.client.createModel({
      name: uniqueName('Foreign model'),
      categoryCode: 'EV_BATTERY',
      gtin: uniqueGtin(),
    });
    const stolen = await refusal(client.createItem(foreign.id, { serialNumber: 'S-1' }));
    expect([stolen.status, stolen.code]).toEqual([422, 'MODEL_INVALID']);
    const unknown = await refusal(client.createItem('00000000-0000-4000-8000-000000000000', { serialNumber: 'S-1' }));
    expect([unknown.status, unknown.code, unknown.message]).toEqual([422, 'MODEL_INVALID', stolen.message]);
    const itemWithout = await refusal(client.createProduct({ kind: 'item', serialNumber: 'S-2' }));
    expect([itemWithout.status, itemWithout.code]).toEqual([422, 'MODEL_INVALID']);
    const wrongLevel = await refusal(
      client.createModel({
        name: uniqueName('Model'),
        categoryCode: 'EV_BATTERY',
        gtin: uniqueGtin(),
        formData: { manufacturing_date: '2026-10-01' },
      }),
    );
    expect([wrongLevel.status, wrongLevel.code]).toEqual([422, 'FIELD_VALIDATION_ERROR']);
    expect(wrongLevel.body.error.fieldErrors).toEqual([
      expect.objectContaining({ field_id: 'manufacturing_date', code: 'WRONG_LEVEL' }),
    ]);
  });
});

test.describe('models and items in the portal', () => {
  test("a model's page shows its items and its re-publication progress; an item's page links its model", async ({
    page,
  }) => {
    const { company, users } = await newPortalCompany(['ADMIN']);
    const model = await createPublishedModel(db(), { companyId: company.id, gtin: unique13() });
    const ctx = { companyId: company.id, actor: systemActor('e2e-reviewer') };
    const item = await createProduct({
      ctx,
      db: db(),
      input: { modelId: model.id, serialNumber: 'P-1', formData: itemExamples() },
    });
    await submitProduct({ ctx, db: db(), input: { productId: item.id } });
    await approveProduct({ ctx, db: db(), input: { productId: item.id } });
    // A run in progress, as the batch-runs job leaves it between two items.
    await db().batchRun.create({
      data: {
        companyId: company.id,
        mode: 'LIVE',
        kind: 'REPUBLISH_ITEMS',
        subjectId: model.id,
        subjectVersion: 2,
        status: 'RUNNING',
        total: 5,
        processed: 2,
        actorRole: 'System',
        actorChannel: 'System',
      },
    });
    await signIn(page, users.ADMIN);
    await page.goto(`/portal/passports/${model.id}`);
    const section = page.getByTestId('model-section');
    await expect(section.getByRole('heading', { name: 'Battery model' })).toBeVisible();
    await expect(section).toContainText('1 item(s) inherit');
    const bar = section.getByRole('progressbar');
    await expect(bar).toHaveAttribute('value', '2');
    await expect(bar).toHaveAttribute('max', '5');
    await expect(section).toContainText('Re-publication on model version 2 (running)');
    await expectAccessible(page);
    await page.goto(`/portal/passports/${item.id}`);
    const itemSection = page.getByTestId('model-section');
    await expect(itemSection.getByRole('link', { name: model.name })).toHaveAttribute(
      'href',
      `/portal/passports/${model.id}`,
    );
    await expect(itemSection).toContainText('published on model version 1');
  });
});

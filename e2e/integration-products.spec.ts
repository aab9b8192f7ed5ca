// HTTP contract of the products resource, through the integrator client: headless authoring from an empty company
// to submission, approval (a human act, done here through the domain verb) and withdrawal, then every named error.
import { randomInt } from 'node:crypto';
import type { Product } from '../lib/client/products';
import { systemActor } from '../lib/domain/context';
import { withCheckDigit } from '../lib/gs1/gtin';
import { approveProduct } from '../lib/passport/lifecycle';
import { CATEGORY_SCHEMAS } from '../lib/schema/categories';
import { exampleFormData } from '../lib/schema/examples';
import { expect, test } from '../testing/e2e/fixtures';
import { db, newKey, newTenant, refusal } from '../testing/e2e/integration';
import { createPublishedPassport, createTestProduct } from '../testing/factories';
import { nextSecond } from '../testing/signing-clock';

const EXAMPLES = exampleFormData(CATEGORY_SCHEMAS.EV_BATTERY);
const uniqueName = (what = 'Pack') => `${what} ${randomInt(1e9)}`;
/** A GTIN-13 under the GS1 company prefix `prefix` (9 digits), unique per call. */
const gtinUnder = (prefix: string) => withCheckDigit(`${prefix}${String(randomInt(1000)).padStart(3, '0')}`);
const randomPrefix = () => `8${String(randomInt(1e8)).padStart(8, '0')}`;

const auditTypes = async (productId: string) =>
  (await db().auditLog.findMany({ where: { productId }, orderBy: { createdAt: 'asc' } })).map((a) => a.eventType);

test.describe('the headless authoring journey', () => {
  test('an empty company creates, fills, checks, submits; approved in the portal, it is withdrawn through the API and its public JSON answers 410', async ({
    request,
  }) => {
    const { company, client } = await newTenant();
    const created = await client.send<Product>('POST', '/api/v1/products', {
      body: { name: uniqueName('VX-75'), categoryCode: 'EV_BATTERY' },
    });
    expect(created.status).toBe(201);
    const product = created.data;
    expect(created.headers.get('location')).toBe(`/api/v1/products/${product.id}`);
    expect(product).toMatchObject({
      state: 'DRAFT',
      publicState: 'draft',
      mode: 'live',
      category: 'EV_BATTERY',
      version: 0,
      lockVersion: 1,
      formData: {},
    });
    expect(product.urls).toEqual({ passport: null, json: null, jsonld: null });
    expect(await client.getProduct(product.id)).toEqual(product);

    const before = await client.readiness(product.id);
    expect(before.ok).toBe(false);
    expect(before.missing.map((f) => f.field_id)).toContain('model_number');

    const filled = await client.putFormData(product.id, { formData: EXAMPLES, lockVersion: product.lockVersion });
    expect(filled.formData).toEqual(EXAMPLES);
    expect(filled.lockVersion).toBe(2);
    expect(await client.readiness(product.id)).toEqual({ ok: true, missing: [], invalid: [] });
    const gate = await client.gate(product.id);
    expect(gate.ok).toBe(true);
    expect(gate.checks.map((c) => [c.id, c.status])).toEqual([
      ['readiness', 'pass'],
      ['schema_compatibility', 'pass'],
      ['component_graph', 'pass'],
      ['gtin_prefix', 'skip'],
      ['documents', 'warn'],
    ]);
    expect(await client.schemaCompatibility(product.id)).toMatchObject({
      compatible: true,
      upgradeAvailable: false,
      problems: [],
    });

    const submitted = await client.submitProduct(product.id);
    expect(submitted).toMatchObject({ state: 'SUBMITTED', publicState: 'submitted' });
    expect(submitted.submittedAt).not.toBeNull();

    await approveProduct({
      ctx: { companyId: company.id, actor: systemActor('e2e-reviewer') },
      input: { productId: product.id },
      db: db(),
    });
    const published = await client.getProduct(product.id);
    expect(published).toMatchObject({ state: 'APPROVED', publicState: 'published', version: 1 });
    expect(published.urls.json).toMatch(new RegExp(`/api/dpp/${published.slug}$`));
    expect((await request.get(`/api/dpp/${published.slug}`)).status()).toBe(200);

    const withdrawn = await client.withdrawProduct(product.id, { reason: 'Safety recall' });
    expect(withdrawn).toMatchObject({ state: 'WITHDRAWN', publicState: 'withdrawn' });
    const gone = await request.get(`/api/dpp/${published.slug}`);
    expect(gone.status()).toBe(410);
    expect((await gone.json()).error).toMatchObject({ code: 'PRODUCT_WITHDRAWN', reason: 'Safety recall' });

    // Each write left exactly one audit row (the approval was the portal's).
    expect(await auditTypes(product.id)).toEqual(['Create', 'Update', 'Submit', 'Approve', 'Withdraw']);
  });
});

test.describe('POST /api/v1/products', () => {
  test('stores a GTIN-13 as GTIN-14 and takes initial form data, serial and slug', async () => {
    const { client } = await newTenant();
    const gtin = gtinUnder(randomPrefix());
    const slug = `vx-${randomInt(1e9)}`;
    const p = await client.createProduct({
      name: uniqueName(),
      categoryCode: 'LMT_BATTERY',
      gtin,
      serialNumber: 'SN-1',
      slug,
      formData: { model_number: 'M-1' },
    });
    expect(p).toMatchObject({
      gtin: `0${gtin}`,
      serialNumber: 'SN-1',
      slug,
      category: 'LMT_BATTERY',
      formData: { model_number: 'M-1' },
    });
  });

  test('refuses a wrong GTIN check digit (400 VALIDATION_ERROR), a used name (409 NAME_IN_USE), a GTIN another company uses (409 GTIN_IN_USE)', async () => {
    const { client } = await newTenant();
    const other = await newTenant();
    const gtin = gtinUnder(randomPrefix());
    const wrong = gtin.slice(0, -1) + String((Number(gtin.at(-1)) + 1) % 10);
    expect(
      (await refusal(client.createProduct({ name: uniqueName(), categoryCode: 'EV_BATTERY', gtin: wrong }))).code,
    ).toBe('VALIDATION_ERROR');
    const name = uniqueName();
    await client.createProduct({ name, categoryCode: 'EV_BATTERY' });
    await nextSecond(); // the same signed create in the same second would be a replayed signature (401)
    const taken = await refusal(client.createProduct({ name, categoryCode: 'EV_BATTERY' }));
    expect([taken.status, taken.code]).toEqual([409, 'NAME_IN_USE']);
    await other.client.createProduct({ name: uniqueName(), categoryCode: 'EV_BATTERY', gtin, serialNumber: 'A' });
    const foreign = await refusal(
      client.createProduct({ name: uniqueName(), categoryCode: 'EV_BATTERY', gtin, serialNumber: 'B' }),
    );
    expect([foreign.status, foreign.code]).toEqual([409, 'GTIN_IN_USE']);
  });

  test('refuses invalid initial form data (422 FIELD_VALIDATION_ERROR) and a full plan (422 PLAN_LIMIT), creating nothing', async () => {
    const { company, client } = await newTenant();
    const invalid = await refusal(
      client.createProduct({ name: uniqueName(), categoryCode: 'EV_BATTERY', formData: { nominal_voltage_v: 'high' } }),
    );
    expect([invalid.status, invalid.code]).toEqual([422, 'FIELD_VALIDATION_ERROR']);
    expect(invalid.body.error.fieldErrors).toEqual([
      expect.objectContaining({ field_id: 'nominal_voltage_v', code: 'WRONG_TYPE' }),
    ]);
    await db().company.update({ where: { id: company.id }, data: { maxProducts: 1 } });
    await client.createProduct({ name: uniqueName(), categoryCode: 'EV_BATTERY' });
    const full = await refusal(client.createProduct({ name: uniqueName(), categoryCode: 'EV_BATTERY' }));
    expect([full.status, full.code]).toEqual([422, 'PLAN_LIMIT']);
    expect(await db().product.count({ where: { companyId: company.id } })).toBe(1);
  });
});

test.describe('PATCH /api/v1/products/{id}', () => {
  test('changes a draft under its lockVersion; a stale one is 409 LOCK_CONFLICT with currentLockVersion; the retry helper re-reads and succeeds', async () => {
    const { client } = await newTenant();
    const p = await client.createProduct({ name: uniqueName(), categoryCode: 'EV_BATTERY' });
    const renamed = await client.updateProduct(p.id, { lockVersion: p.lockVersion, name: uniqueName('Renamed') });
    expect(renamed.lockVersion).toBe(p.lockVersion + 1);
    const stale = await refusal(client.updateProduct(p.id, { lockVersion: p.lockVersion, batchNumber: 'LOT-1' }));
    expect([stale.status, stale.code, stale.body.error.currentLockVersion]).toEqual([
      409,
      'LOCK_CONFLICT',
      renamed.lockVersion,
    ]);
    // Another writer gets in between the helper's read and its write: the helper re-reads and applies again.
    const seen: number[] = [];
    const retried = await client.updateProductWithRetry(p.id, async (current) => {
      seen.push(current.lockVersion);
      if (seen.length === 1)
        await client.updateProduct(p.id, { lockVersion: current.lockVersion, batchNumber: 'LOT-2' });
      return { name: `${current.name} v2` };
    });
    expect(seen).toEqual([renamed.lockVersion, renamed.lockVersion + 1]);
    expect(retried).toMatchObject({
      name: `${renamed.name} v2`,
      batchNumber: 'LOT-2',
      lockVersion: renamed.lockVersion + 2,
    });
    expect(await auditTypes(p.id)).toEqual(['Create', 'Update', 'Update', 'Update']);
  });

  test('refuses a body without a change (400 VALIDATION_ERROR), a malformed id (400 INVALID_ID) and a submitted product (409 PRODUCT_FROZEN)', async () => {
    const { company, client } = await newTenant();
    const p = await client.createProduct({ name: uniqueName(), categoryCode: 'EV_BATTERY' });
    expect((await refusal(client.updateProduct(p.id, { lockVersion: 1 }))).code).toBe('VALIDATION_ERROR');
    expect((await refusal(client.updateProduct('not-a-uuid', { lockVersion: 1, name: 'x' }))).code).toBe('INVALID_ID');
    const submitted = await createTestProduct(db(), { companyId: company.id, state: 'SUBMITTED' });
    const frozen = await refusal(
      client.updateProduct(submitted.id, { lockVersion: submitted.lockVersion, name: uniqueName() }),
    );
    expect([frozen.status, frozen.code]).toEqual([409, 'PRODUCT_FROZEN']);
    expect(await auditTypes(submitted.id)).toEqual([]);
  });
});

test.describe('PUT /api/v1/products/{id}/form-data', () => {
  test('refuses the whole batch with 422 FIELD_VALIDATION_ERROR, one field error per problem (all six codes), never echoing a value', async () => {
    const { client } = await newTenant();
    const p = await client.createProduct({
      name: uniqueName(),
      categoryCode: 'EV_BATTERY',
      formData: { model_number: 'KEPT' },
    });
    const markers = [
      'MARKER-wrong-type-7c1',
      'MARKER-option-7c2',
      'MARKER-pattern-7c3',
      'MARKER-entry-7c4',
      'MARKER-unknown-7c5',
    ];
    const res = await client.send('PUT', `/api/v1/products/${p.id}/form-data`, {
      body: {
        formData: {
          model_number: 'CHANGED',
          nominal_voltage_v: markers[0],
          battery_chemistry: markers[1],
          manufacturer_email: markers[2],
          test_reports: [{ title: markers[3] }],
          warranty_period_months: 987654321,
          no_such_field: markers[4],
        },
      },
    });
    expect([res.status, res.data.error.code]).toEqual([422, 'FIELD_VALIDATION_ERROR']);
    const codes = Object.fromEntries(
      res.data.error.fieldErrors.map((e: { field_id: string; code: string }) => [e.field_id, e.code]),
    );
    expect(codes).toEqual({
      nominal_voltage_v: 'WRONG_TYPE',
      battery_chemistry: 'INVALID_OPTION',
      manufacturer_email: 'PATTERN_MISMATCH',
      warranty_period_months: 'OUT_OF_RANGE',
      no_such_field: 'UNKNOWN_FIELD',
      'test_reports[0].url': 'REQUIRED_MISSING',
    });
    for (const e of res.data.error.fieldErrors)
      expect(Object.keys(e).sort()).toEqual(['code', 'field_id', 'label', 'message']);
    const raw = JSON.stringify(res.data) + JSON.stringify([...res.headers]);
    for (const marker of [...markers, '987654321']) expect(raw).not.toContain(marker);
    expect((await client.getProduct(p.id)).formData).toEqual({ model_number: 'KEPT' });
  });

  test('merges a batch (null clears), checks an optional lockVersion (409 LOCK_CONFLICT) and refuses a submitted product (409 PRODUCT_FROZEN)', async () => {
    const { company, client } = await newTenant();
    const p = await client.createProduct({
      name: uniqueName(),
      categoryCode: 'EV_BATTERY',
      formData: { model_number: 'M', nominal_voltage_v: 400 },
    });
    const merged = await client.putFormData(p.id, { formData: { nominal_voltage_v: null, rated_capacity_ah: 188 } });
    expect(merged.formData).toEqual({ model_number: 'M', rated_capacity_ah: 188 });
    const stale = await refusal(
      client.putFormData(p.id, { formData: { model_number: 'N' }, lockVersion: p.lockVersion }),
    );
    expect([stale.code, stale.body.error.currentLockVersion]).toEqual(['LOCK_CONFLICT', merged.lockVersion]);
    const submitted = await createTestProduct(db(), { companyId: company.id, state: 'SUBMITTED' });
    expect((await refusal(client.putFormData(submitted.id, { formData: { model_number: 'N' } }))).code).toBe(
      'PRODUCT_FROZEN',
    );
    expect(await auditTypes(p.id)).toEqual(['Create', 'Update']);
  });

  test('every write to a demo product is 422 DEMO_PRODUCT', async () => {
    const { company, client } = await newTenant();
    const demo = await createPublishedPassport(db(), { companyId: company.id });
    await db().product.update({ where: { id: demo.id }, data: { isDemo: true } });
    const draft = await db().product.update({
      where: { id: (await createTestProduct(db(), { companyId: company.id })).id },
      data: { isDemo: true },
    });
    const writes = [
      () => client.updateProduct(draft.id, { lockVersion: draft.lockVersion, name: uniqueName() }),
      () => client.putFormData(draft.id, { formData: { model_number: 'x' } }),
      () => client.submitProduct(draft.id),
      () => client.withdrawProduct(demo.id, { reason: 'x' }),
    ];
    for (const write of writes) expect((await refusal(write())).code).toBe('DEMO_PRODUCT');
    expect((await client.getProduct(demo.id)).state).toBe('APPROVED');
  });
});

test.describe('POST /api/v1/products/{id}/submit and /withdraw', () => {
  test('missing mandated fields: 422 SUBMIT_BLOCKED listing them; a GTIN outside the company prefixes: 422 SUBMIT_REJECTED naming the check', async () => {
    const { company, client } = await newTenant();
    const partial = await client.createProduct({
      name: uniqueName(),
      categoryCode: 'EV_BATTERY',
      formData: { model_number: 'M' },
    });
    const blocked = await refusal(client.submitProduct(partial.id));
    expect([blocked.status, blocked.code]).toEqual([422, 'SUBMIT_BLOCKED']);
    expect(blocked.message).toContain('nominal_voltage_v');
    expect(blocked.message).not.toContain('model_number');

    await db().gs1Prefix.create({ data: { companyId: company.id, prefix: randomPrefix() } });
    const outside = await client.createProduct({
      name: uniqueName(),
      categoryCode: 'EV_BATTERY',
      gtin: gtinUnder(randomPrefix()),
      formData: EXAMPLES,
    });
    expect((await client.gate(outside.id)).checks.find((c) => c.id === 'gtin_prefix')?.status).toBe('fail');
    const rejected = await refusal(client.submitProduct(outside.id));
    expect([rejected.status, rejected.code]).toEqual([422, 'SUBMIT_REJECTED']);
    expect(rejected.message).toContain('gtin_prefix');
    expect((await client.getProduct(outside.id)).state).toBe('DRAFT');
    expect(await auditTypes(outside.id)).toEqual(['Create']);
  });

  test('submit of a submitted product and withdraw of a draft are 409 INVALID_STATE with reason INVALID_TRANSITION', async () => {
    const { client } = await newTenant();
    const p = await client.createProduct({ name: uniqueName(), categoryCode: 'EV_BATTERY', formData: EXAMPLES });
    const early = await refusal(client.withdrawProduct(p.id, { reason: 'x' }));
    expect([early.status, early.code, early.body.error.reason]).toEqual([409, 'INVALID_STATE', 'INVALID_TRANSITION']);
    await client.submitProduct(p.id);
    await nextSecond(); // the same bodyless submit in the same second would be a replayed signature (401)
    const twice = await refusal(client.submitProduct(p.id));
    expect([twice.status, twice.code, twice.body.error.reason]).toEqual([409, 'INVALID_STATE', 'INVALID_TRANSITION']);
  });

  test('a successor that is not a published passport of the company is 422 SUCCESSOR_INVALID; a published one is linked', async () => {
    const { company, client } = await newTenant();
    const [old, next] = [
      await createPublishedPassport(db(), { companyId: company.id }),
      await createPublishedPassport(db(), { companyId: company.id }),
    ];
    const draft = await client.createProduct({ name: uniqueName(), categoryCode: 'EV_BATTERY' });
    const invalid = await refusal(client.withdrawProduct(old.id, { reason: 'Replaced', successorId: draft.id }));
    expect([invalid.status, invalid.code]).toEqual([422, 'SUCCESSOR_INVALID']);
    const withdrawn = await client.withdrawProduct(old.id, {
      reason: 'Replaced',
      successorId: next.id,
      manufacturerContact: 'recall@example.com',
    });
    expect(withdrawn.state).toBe('WITHDRAWN');
    expect((await db().product.findUniqueOrThrow({ where: { id: old.id } })).successorId).toBe(next.id);
  });
});

test.describe('tenancy and modes', () => {
  test("another company's product and a product of the other mode answer 404 NOT_FOUND, and stay unchanged", async () => {
    const owner = await newTenant();
    const outsider = await newTenant();
    const live = await owner.client.createProduct({ name: uniqueName(), categoryCode: 'EV_BATTERY' });
    const { client: sandbox } = await newKey(owner.company.id, { mode: 'test' });
    const sandboxProduct = await sandbox.createProduct({ name: uniqueName(), categoryCode: 'EV_BATTERY' });
    expect(sandboxProduct.mode).toBe('test');
    for (const [client, id] of [
      [outsider.client, live.id],
      [sandbox, live.id],
      [owner.client, sandboxProduct.id],
    ] as const) {
      expect((await refusal(client.getProduct(id))).code).toBe('NOT_FOUND');
      expect((await refusal(client.updateProduct(id, { lockVersion: 1, name: 'hijack' }))).status).toBe(404);
    }
    expect((await owner.client.getProduct(live.id)).name).toBe(live.name);
    expect((await refusal(owner.client.getProduct('123'))).code).toBe('INVALID_ID');
  });
});

test.describe('GET /api/v1/products', () => {
  test('pages with a cursor in change order and filters by state, category and updatedSince', async () => {
    const { company, client } = await newTenant();
    const a = await client.createProduct({ name: uniqueName('A'), categoryCode: 'EV_BATTERY' });
    const b = await client.createProduct({ name: uniqueName('B'), categoryCode: 'LMT_BATTERY' });
    const c = await client.createProduct({ name: uniqueName('C'), categoryCode: 'EV_BATTERY', formData: EXAMPLES });
    await client.submitProduct(c.id);
    const published = await createPublishedPassport(db(), { companyId: company.id });

    const first = await client.listProducts({ limit: 2 });
    expect(first.data.map((p) => p.id)).toEqual([a.id, b.id]);
    expect(first.data[0]).not.toHaveProperty('formData');
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await client.listProducts({ limit: 2, cursor: first.nextCursor! });
    expect(second.data.map((p) => p.id)).toEqual([c.id, published.id]);
    expect(second.nextCursor).toBeNull();
    const all: string[] = [];
    for await (const p of client.listAllProducts({ limit: 1 })) all.push(p.id);
    expect(all).toEqual([a.id, b.id, c.id, published.id]);

    const ids = async (query: Parameters<typeof client.listProducts>[0]) =>
      (await client.listProducts(query)).data.map((p) => p.id);
    expect(await ids({ state: 'SUBMITTED' })).toEqual([c.id]);
    expect(await ids({ state: 'published,DRAFT' })).toEqual([a.id, b.id, published.id]);
    expect(await ids({ category: 'LMT_BATTERY' })).toEqual([b.id]);
    const cSubmitted = await client.getProduct(c.id);
    expect(await ids({ updatedSince: cSubmitted.updatedAt })).toEqual([c.id, published.id]);
    expect((await refusal(client.listProducts({ cursor: 'bm9wZQ' }))).code).toBe('VALIDATION_ERROR');
    expect((await refusal(client.listProducts({ state: 'ACTIVE' }))).code).toBe('VALIDATION_ERROR');
    const { client: sandbox } = await newKey(company.id, { mode: 'test' });
    expect((await sandbox.listProducts()).data).toEqual([]);
  });
});

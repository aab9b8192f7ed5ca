// HTTP contract tests of the discovery endpoints (meta, industries, categories, field schemas, diffs, ERP templates,
// suppliers) through the integrator client: each happy path, each named error, and the tenant and mode boundaries.
import { clientAddress } from '../testing/client-address';
import { expect, test } from '../testing/e2e/fixtures';
import { BASE_URL, db, newKey, newTenant, refusal } from '../testing/e2e/integration';
import { createTestCompany } from '../testing/factories';

const CATEGORIES = ['EV_BATTERY', 'INDUSTRIAL_BATTERY', 'LMT_BATTERY', 'PORTABLE_BATTERY', 'SLI_BATTERY'];

async function expectRefusal(promise: Promise<unknown>, status: number, code: string, what = code) {
  const error = await refusal(promise);
  expect([error.status, error.code], what).toEqual([status, code]);
  expect(error.body.error.requestId, what).toBe(error.headers.get('x-service-request-id'));
  return error;
}

test.describe('GET /api/v1/meta', () => {
  test('answers any valid key with only its own grants, limits and the public constants', async () => {
    const { company, key, client } = await newTenant({ scopes: ['supplier:read'] });
    const sibling = await newKey(company.id, { scopes: ['dpp:read', 'schema:read'] });
    const res = await client.send('GET', '/api/v1/meta');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-service-mode')).toBe('live');
    expect(res.data.key).toEqual({
      id: key.id,
      name: key.name,
      displayPrefix: key.displayPrefix,
      mode: 'live',
      scopes: ['supplier:read'],
      allowedCidrs: [],
      expiresAt: key.expiresAt.toISOString(),
      createdAt: expect.any(String),
    });
    expect(key.key.startsWith(key.displayPrefix)).toBe(true);
    expect(res.data.limits).toEqual({
      requestsPerMinute: 100,
      idempotencyHours: 24,
      signatureWindow: { pastSeconds: 300, futureSeconds: 60 },
    });
    const { constants } = res.data;
    expect(constants.fieldErrorCodes).toEqual([
      'REQUIRED_MISSING',
      'WRONG_TYPE',
      'INVALID_OPTION',
      'OUT_OF_RANGE',
      'PATTERN_MISMATCH',
      'UNKNOWN_FIELD',
      'WRONG_LEVEL',
    ]);
    expect(constants.states.mapping).toEqual({
      DRAFT: 'draft',
      SUBMITTED: 'submitted',
      APPROVED: 'published',
      WITHDRAWN: 'withdrawn',
      DEPRECATED: 'deprecated',
    });
    expect(constants.scopes.map((s: { name: string }) => s.name)).toContain('category:read');
    expect(constants.scopes.map((s: { name: string }) => s.name)).not.toContain('keys:admin');
    expect(constants.errorCodes).toContainEqual({ code: 'LOCK_CONFLICT', status: 409, retryable: false });
    const text = JSON.stringify(res.data);
    for (const secret of [key.key, key.signingSecret, sibling.key.id, sibling.key.name, sibling.key.key, company.id])
      expect(text).not.toContain(secret);
  });

  test('a sandbox key is answered in test mode with the X-Service-Mode: test the client sends; without it 400 MODE_HEADER_MISMATCH', async () => {
    const { key, client, address } = await newTenant({ mode: 'test', scopes: ['category:read'] });
    const res = await client.send('GET', '/api/v1/meta');
    expect([res.status, res.data.key.mode, res.headers.get('x-service-mode')]).toEqual([200, 'test', 'test']);
    const bare = await fetch(`${BASE_URL}/api/v1/meta`, {
      headers: { Authorization: `Bearer ${key.key}`, 'X-Forwarded-For': address },
    });
    expect(bare.status).toBe(400);
    expect((await bare.json()).error.code).toBe('MODE_HEADER_MISMATCH');
    expect((await client.categories()).data.map((c) => c.code)).toEqual(CATEGORIES);
  });

  test('no key is 401 UNAUTHENTICATED; an unknown key 401 INVALID_API_KEY', async () => {
    const headers = { 'X-Forwarded-For': clientAddress() };
    const none = await fetch(`${BASE_URL}/api/v1/meta`, { headers });
    expect([none.status, (await none.json()).error.code]).toEqual([401, 'UNAUTHENTICATED']);
    const unknown = await fetch(`${BASE_URL}/api/v1/meta`, {
      headers: { ...headers, Authorization: `Bearer pk_live_${'x'.repeat(32)}` },
    });
    expect([unknown.status, (await unknown.json()).error.code]).toEqual([401, 'INVALID_API_KEY']);
  });
});

test.describe('GET /api/v1/industries and /api/v1/categories', () => {
  test('list the battery industry and the five categories with their schema versions', async () => {
    const { client } = await newTenant({ scopes: ['category:read'] });
    const industries = await client.industries();
    expect(industries.nextCursor).toBeNull();
    expect(industries.data.find((i) => i.code === 'BATTERIES')).toMatchObject({
      name: 'Batteries',
      categories: CATEGORIES,
    });
    const categories = await client.categories();
    expect(categories.data.map((c) => c.code)).toEqual(CATEGORIES);
    expect(categories.data[0]).toMatchObject({
      code: 'EV_BATTERY',
      name: 'Electric vehicle battery',
      industry: 'BATTERIES',
      currentSchemaVersion: 3,
      schemaVersions: [1, 2, 3],
      passportRequired: true,
    });
    expect(categories.data.find((c) => c.code === 'SLI_BATTERY')?.passportRequired).toBe(false);
  });

  test('a key without category:read gets 403 FORBIDDEN_SCOPE', async () => {
    const { client } = await newTenant({ scopes: ['schema:read'] });
    const error = await expectRefusal(client.industries(), 403, 'FORBIDDEN_SCOPE');
    expect(error.body.error.details).toEqual({ requiredScope: 'category:read' });
    await expectRefusal(client.categories(), 403, 'FORBIDDEN_SCOPE');
  });
});

test.describe('GET /api/v1/categories/{code}/schema', () => {
  test('gives every field of the current version with type, unit, bounds, options, access, group, dynamic and example', async () => {
    const { client } = await newTenant({ scopes: ['schema:read'] });
    const schema = await client.categorySchema('EV_BATTERY');
    expect(schema).toMatchObject({
      category: 'EV_BATTERY',
      version: 3,
      currentVersion: 3,
      attribution: expect.stringContaining('CC BY 4.0'),
    });
    expect(schema.fields.length).toBeGreaterThan(50);
    const capacity = schema.fields.find((f) => f.type === 'number' && f.min !== null)!;
    expect(Object.keys(capacity)).toEqual(
      expect.arrayContaining([
        'id',
        'label',
        'type',
        'unit',
        'mandated',
        'min',
        'max',
        'pattern',
        'options',
        'access',
        'group',
        'dynamic',
        'example',
      ]),
    );
    expect(schema.fields.find((f) => f.id === 'current_soh_pct')).toMatchObject({
      dynamic: true,
      access: 'public',
      mandated: false,
      level: 'item',
      overridable: true,
    });
    expect(schema.fields.some((f) => f.type === 'enum' && (f.options?.length ?? 0) > 0)).toBe(true);
    expect(schema.fields.every((f) => f.example !== undefined)).toBe(true);
    expect(await client.categorySchema('EV_BATTERY', { version: 3 })).toEqual(schema);
    expect(schema.fields.find((f) => f.id === 'commodity_code')).toMatchObject({
      type: 'string',
      mandated: true,
      access: 'public',
      pattern: '^8507[0-9]{4}$',
      level: 'model',
      overridable: false,
      example: '85076000',
    });
    const v2 = await client.categorySchema('EV_BATTERY', { version: 2 });
    expect(v2).toMatchObject({ version: 2, currentVersion: 3 });
    expect(v2.fields.some((f) => f.id === 'commodity_code')).toBe(false);
    const lmt = await client.categorySchema('LMT_BATTERY');
    expect(lmt.fields.some((f) => f.group === 'carbonFootprint')).toBe(false);
  });

  test('an unknown category or version is 404 NOT_FOUND; a version that is not a positive integer is 400 VALIDATION_ERROR', async () => {
    const { client } = await newTenant({ scopes: ['schema:read'] });
    await expectRefusal(client.categorySchema('TOASTER'), 404, 'NOT_FOUND');
    await expectRefusal(client.categorySchema('ev_battery'), 404, 'NOT_FOUND');
    await expectRefusal(client.categorySchema('EV_BATTERY', { version: 99 }), 404, 'NOT_FOUND');
    for (const version of ['0', 'one', '-1', '1.5']) {
      const error = await refusal(client.call('GET', '/api/v1/categories/EV_BATTERY/schema', { query: { version } }));
      expect([error.status, error.code], version).toEqual([400, 'VALIDATION_ERROR']);
      expect(error.body.error.details.issues[0].path).toBe('version');
    }
  });

  test('a key without schema:read gets 403 FORBIDDEN_SCOPE', async () => {
    const { client } = await newTenant({ scopes: ['category:read'] });
    await expectRefusal(client.categorySchema('EV_BATTERY'), 403, 'FORBIDDEN_SCOPE');
  });
});

test.describe('GET /api/v1/categories/{code}/diff', () => {
  test('from=1&to=1 finds nothing added, removed or changed', async () => {
    const { client } = await newTenant({ scopes: ['schema:read'] });
    expect(await client.categoryDiff('EV_BATTERY', { from: 1, to: 1 })).toEqual({
      category: 'EV_BATTERY',
      from: 1,
      to: 1,
      added: [],
      removed: [],
      changed: [],
    });
  });

  test('from=1&to=2 shows version 2 adding each field its level, and overridable to model-level fields', async () => {
    const { client } = await newTenant({ scopes: ['schema:read'] });
    const diff = await client.categoryDiff('EV_BATTERY', { from: 1, to: 2 });
    expect([diff.added, diff.removed]).toEqual([[], []]);
    const changes = Object.fromEntries(diff.changed.map((c) => [c.id, c.changes]));
    expect(changes.current_soh_pct).toEqual({ level: { from: null, to: 'item' } });
    expect(changes.carbon_footprint_per_kwh).toEqual({
      level: { from: null, to: 'model' },
      overridable: { from: null, to: false },
    });
  });

  test('from=2&to=3 shows version 3 adding only the mandated commodity_code', async () => {
    const { client } = await newTenant({ scopes: ['schema:read'] });
    const diff = await client.categoryDiff('EV_BATTERY', { from: 2, to: 3 });
    expect([diff.added.map((f) => f.id), diff.removed, diff.changed]).toEqual([['commodity_code'], [], []]);
    expect(diff.added[0]).toMatchObject({ mandated: true, pattern: '^8507[0-9]{4}$' });
  });

  test('an unknown version or category is 404 NOT_FOUND; a missing or invalid from/to is 400 VALIDATION_ERROR', async () => {
    const { client } = await newTenant({ scopes: ['schema:read'] });
    await expectRefusal(client.categoryDiff('EV_BATTERY', { from: 1, to: 4 }), 404, 'NOT_FOUND');
    await expectRefusal(client.categoryDiff('TOASTER', { from: 1, to: 1 }), 404, 'NOT_FOUND');
    for (const query of [{}, { from: '1' }, { to: '1' }, { from: 'x', to: '1' }, { from: '1', to: '0' }]) {
      const error = await refusal(client.call('GET', '/api/v1/categories/EV_BATTERY/diff', { query }));
      expect([error.status, error.code], JSON.stringify(query)).toEqual([400, 'VALIDATION_ERROR']);
    }
  });

  test('a key without schema:read gets 403 FORBIDDEN_SCOPE', async () => {
    const { client } = await newTenant({ scopes: ['mapping:read'] });
    await expectRefusal(client.categoryDiff('EV_BATTERY', { from: 1, to: 1 }), 403, 'FORBIDDEN_SCOPE');
  });
});

test.describe('GET /api/v1/categories/{code}/erp-template', () => {
  test('JSON gives one column per field of the current schema, named by the field id, with an example', async () => {
    const { client } = await newTenant({ scopes: ['mapping:read'] });
    const template = await client.erpTemplate('INDUSTRIAL_BATTERY');
    expect(template).toMatchObject({ category: 'INDUSTRIAL_BATTERY', schemaVersion: 3 });
    const schema = await (await newTenant({ scopes: ['schema:read'] })).client.categorySchema('INDUSTRIAL_BATTERY');
    expect(template.columns.map((c) => c.fieldId)).toEqual(schema.fields.map((f) => f.id));
    const first = schema.fields[0]!;
    expect(template.columns[0]).toEqual({
      column: first.id,
      fieldId: first.id,
      label: first.label,
      type: first.type,
      unit: first.unit,
      mandated: first.mandated,
      example: first.example,
    });
  });

  test('format=csv is a text/csv attachment: a header row of field ids and one example row (RFC 4180)', async () => {
    const { client } = await newTenant({ scopes: ['mapping:read'] });
    const res = await client.send('GET', '/api/v1/categories/EV_BATTERY/erp-template', { query: { format: 'csv' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="EV_BATTERY-erp-template.csv"');
    const csv = await client.erpTemplateCsv('EV_BATTERY');
    expect(csv).toBe(res.data);
    // Field ids never need quoting, so the first CRLF ends the header; the example row may hold quoted line breaks.
    const headerEnd = csv.indexOf('\r\n');
    const header = csv.slice(0, headerEnd);
    const example = csv.slice(headerEnd + 2, -2);
    const template = await client.erpTemplate('EV_BATTERY');
    expect(header.split(',')).toEqual(template.columns.map((c) => c.fieldId));
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(
      example.startsWith(`${template.columns[0]!.example},`),
      'the example row starts with the first example',
    ).toBe(true);
  });

  test('unknown category 404 NOT_FOUND; unknown format 400 VALIDATION_ERROR; no mapping:read 403 FORBIDDEN_SCOPE', async () => {
    const { client } = await newTenant({ scopes: ['mapping:read'] });
    await expectRefusal(client.erpTemplate('TOASTER'), 404, 'NOT_FOUND');
    await expectRefusal(
      client.call('GET', '/api/v1/categories/EV_BATTERY/erp-template', { query: { format: 'xlsx' } }),
      400,
      'VALIDATION_ERROR',
    );
    const reader = await newTenant({ scopes: ['schema:read', 'category:read'] });
    await expectRefusal(reader.client.erpTemplate('EV_BATTERY'), 403, 'FORBIDDEN_SCOPE');
  });
});

test.describe('GET /api/v1/suppliers', () => {
  test("lists owned suppliers and linked ones (owned: false); another tenant's unlinked supplier never appears", async () => {
    const { company, client } = await newTenant({ scopes: ['supplier:read'] });
    const other = await createTestCompany(db());
    const own = await db().supplier.create({
      data: { companyId: company.id, name: 'Kokkola Refinery', country: 'FI', identifier: 'FI-123' },
    });
    const linked = await db().supplier.create({
      data: { companyId: other.id, name: 'Atacama Lithium', country: 'CL', contactEmail: 'sales@atacama.example' },
    });
    const hidden = await db().supplier.create({ data: { companyId: other.id, name: 'Hidden Cobalt' } });
    await db().supplierLink.create({ data: { supplierId: linked.id, companyId: company.id } });
    const page = await client.suppliers();
    expect(page).toEqual({
      data: [
        {
          id: linked.id,
          name: 'Atacama Lithium',
          country: 'CL',
          identifier: null,
          contactEmail: 'sales@atacama.example',
          owned: false,
        },
        { id: own.id, name: 'Kokkola Refinery', country: 'FI', identifier: 'FI-123', contactEmail: null, owned: true },
      ],
      nextCursor: null,
    });
    expect(JSON.stringify(page)).not.toContain(hidden.id);
    const outsider = await newTenant({ scopes: ['supplier:read'] });
    expect(await outsider.client.suppliers()).toEqual({ data: [], nextCursor: null });
  });

  test('pages by name with an opaque cursor; a bad limit or forged cursor is 400 VALIDATION_ERROR', async () => {
    const { company, client } = await newTenant({ scopes: ['supplier:read'] });
    for (const name of ['Alpha', 'Bravo', 'Charlie'])
      await db().supplier.create({ data: { companyId: company.id, name } });
    const first = await client.suppliers({ limit: 2 });
    expect(first.data.map((s) => s.name)).toEqual(['Alpha', 'Bravo']);
    const second = await client.suppliers({ limit: 2, cursor: first.nextCursor! });
    expect([second.data.map((s) => s.name), second.nextCursor]).toEqual([['Charlie'], null]);
    for (const query of [{ limit: '0' }, { limit: '101' }, { limit: 'ten' }, { cursor: 'bm90LWEtY3Vyc29y' }]) {
      const error = await refusal(client.call('GET', '/api/v1/suppliers', { query }));
      expect([error.status, error.code], JSON.stringify(query)).toEqual([400, 'VALIDATION_ERROR']);
    }
  });

  test('a key without supplier:read gets 403 FORBIDDEN_SCOPE', async () => {
    const { client } = await newTenant({ scopes: ['dpp:read'] });
    await expectRefusal(client.suppliers(), 403, 'FORBIDDEN_SCOPE');
  });
});

// HTTP contract tests of traceability, components and GS1 company prefixes, through the integrator client: each
// happy path, each named error, the tenant and mode boundaries, and one audit row per successful write.
import { randomInt, randomUUID } from 'node:crypto';
import { MAX_COMPONENTS } from '../lib/passport/relations/component-graph';
import { expect, test } from '../testing/e2e/fixtures';
import { db, newKey, newTenant, refusal } from '../testing/e2e/integration';
import { createTestCompany, createTestProduct, type TestProductInput } from '../testing/factories';
import { nextSecond } from '../testing/signing-clock';

const draft = (companyId: string, input: Omit<TestProductInput, 'companyId'> = {}) =>
  createTestProduct(db(), { companyId, ...input });
const audits = (where: { productId?: string; companyId?: string; eventType?: string }) =>
  db().auditLog.count({ where });
/** 9 digits under 96…, a range no other spec registers, so prefixes never overlap another test's. */
const freshPrefix = () => `96${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;

test.describe('traceability', () => {
  test('POST records an entry (201) that GET lists, leaving one audit row', async () => {
    const { company, client } = await newTenant();
    const p = await draft(company.id);
    const supplier = await db().supplier.create({ data: { companyId: company.id, name: 'Kokkola Refinery' } });
    const body = {
      supplierId: supplier.id,
      stage: 'refining',
      material: 'cobalt sulphate',
      country: 'FI',
      description: 'RMAP-conformant',
      documentUrl: 'https://supplier.example.com/rmap.pdf',
      occurredAt: '2026-03-14',
    };
    const res = await client.send('POST', `/api/v1/products/${p.id}/traceability`, { body });
    expect(res.status).toBe(201);
    const { supplierId: _named, ...echoed } = body;
    expect(res.data).toMatchObject({
      ...echoed,
      supplier: { id: supplier.id, name: 'Kokkola Refinery' },
      occurredAt: '2026-03-14T00:00:00.000Z',
    });
    expect(res.data).not.toHaveProperty('supplierId');
    const list = await client.listTraceability(p.id);
    expect(list).toEqual({ data: [res.data], nextCursor: null });
    expect(await audits({ productId: p.id })).toBe(1);
  });

  test('a supplier the company neither owns nor is linked to is 404 SUPPLIER_NOT_ACCESSIBLE; a linked one is accepted', async () => {
    const { company, client } = await newTenant();
    const p = await draft(company.id);
    const other = await createTestCompany(db());
    const foreign = await db().supplier.create({ data: { companyId: other.id, name: 'Unlinked Mine' } });
    for (const supplierId of [foreign.id, '0b7e8c2a-6f1d-4e3b-9a5c-8d2f1e0a7b6c']) {
      const err = await refusal(client.addTraceability(p.id, { supplierId, stage: 'raw_material_extraction' }));
      expect([err.status, err.code]).toEqual([404, 'SUPPLIER_NOT_ACCESSIBLE']);
    }
    const linked = await db().supplier.create({ data: { companyId: other.id, name: 'Linked Mine' } });
    await db().supplierLink.create({ data: { supplierId: linked.id, companyId: company.id } });
    const entry = await client.addTraceability(p.id, { supplierId: linked.id, stage: 'raw_material_extraction' });
    expect(entry.supplier).toEqual({ id: linked.id, name: 'Linked Mine' });
    expect(await audits({ productId: p.id })).toBe(1);
  });

  test('an unknown stage or member, a country that is not ISO 3166-1 alpha-2 and a non-http URL are 400 VALIDATION_ERROR', async () => {
    const { company, client } = await newTenant();
    const p = await draft(company.id);
    const bodies = [
      { stage: 'mining' },
      { stage: 'other', country: 'XX' },
      { stage: 'other', country: 'fi' },
      { stage: 'other', documentUrl: 'ftp://example.com/a.pdf' },
      { stage: 'other', supplier: 'Acme' },
    ];
    for (const body of bodies) {
      const err = await refusal(client.addTraceability(p.id, body as never));
      expect([err.status, err.code], JSON.stringify(body)).toEqual([400, 'VALIDATION_ERROR']);
    }
    expect(await audits({ productId: p.id })).toBe(0);
  });

  test('lists page with an opaque cursor; a forged cursor is 400 VALIDATION_ERROR', async () => {
    const { company, client } = await newTenant();
    const p = await draft(company.id);
    for (const material of ['a', 'b', 'c']) await client.addTraceability(p.id, { stage: 'transport', material });
    const first = await client.listTraceability(p.id, { limit: 2 });
    expect(first.data).toHaveLength(2);
    const second = await client.listTraceability(p.id, { limit: 2, cursor: first.nextCursor! });
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.data, ...second.data].map((e) => e.material))).toEqual(new Set(['a', 'b', 'c']));
    const err = await refusal(client.listTraceability(p.id, { cursor: 'bm90LWEtY3Vyc29y' }));
    expect([err.status, err.code]).toEqual([400, 'VALIDATION_ERROR']);
  });
});

test.describe('components', () => {
  test('POST adds a component (201, quantity 1 by default) that GET lists; re-adding updates it (200); one audit row each', async () => {
    const { company, client } = await newTenant();
    const [pack, module] = [await draft(company.id), await draft(company.id)];
    const res = await client.send('POST', `/api/v1/products/${pack.id}/components`, {
      body: { childId: module.id, role: 'module' },
    });
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({
      child: { id: module.id, name: module.name, slug: module.slug, state: 'DRAFT' },
      quantity: 1,
      role: 'module',
    });
    const again = await client.send('POST', `/api/v1/products/${pack.id}/components`, {
      body: { childId: module.id, quantity: 12, role: 'module' },
    });
    expect(again.status).toBe(200);
    expect(again.data).toMatchObject({ id: res.data.id, quantity: 12 });
    expect(await client.listComponents(pack.id)).toEqual({ data: [again.data], nextCursor: null });
    expect(await audits({ productId: pack.id })).toBe(2);
  });

  test('the product itself is 422 SELF_REFERENCE', async () => {
    const { company, client } = await newTenant();
    const p = await draft(company.id);
    const err = await refusal(client.addComponent(p.id, { childId: p.id }));
    expect([err.status, err.code]).toEqual([422, 'SELF_REFERENCE']);
  });

  test('A→B→C then C→A is 422 CIRCULAR_REFERENCE and writes nothing', async () => {
    const { company, client } = await newTenant();
    const [a, b, c] = [await draft(company.id), await draft(company.id), await draft(company.id)];
    await client.addComponent(a.id, { childId: b.id });
    await client.addComponent(b.id, { childId: c.id });
    const err = await refusal(client.addComponent(c.id, { childId: a.id }));
    expect([err.status, err.code]).toEqual([422, 'CIRCULAR_REFERENCE']);
    expect(await db().componentLink.count({ where: { parentId: c.id } })).toBe(0);
    expect(await audits({ productId: c.id })).toBe(0);
  });

  test(`a product with ${MAX_COMPONENTS} direct components refuses another with 422 MAX_COMPONENTS`, async () => {
    const { company, client } = await newTenant();
    const [parent, extra] = [await draft(company.id), await draft(company.id)];
    const category = await db().category.findUniqueOrThrow({ where: { code: 'EV_BATTERY' } });
    const tag = parent.id.slice(0, 8);
    const children = await db().product.createManyAndReturn({
      data: Array.from({ length: MAX_COMPONENTS }, (_, i) => ({
        companyId: company.id,
        categoryId: category.id,
        schemaVersion: category.currentSchemaVersion,
        slug: `cap-${tag}-${i}`,
        name: `Cap ${tag} ${i}`,
      })),
      select: { id: true },
    });
    await db().componentLink.createMany({
      data: children.map((child) => ({ parentId: parent.id, childId: child.id })),
    });
    const err = await refusal(client.addComponent(parent.id, { childId: extra.id }));
    expect([err.status, err.code]).toEqual([422, 'MAX_COMPONENTS']);
  });

  test('a child of another tenant, or of the other mode, is 404 NOT_FOUND', async () => {
    const { company, client } = await newTenant();
    const p = await draft(company.id);
    const other = await createTestCompany(db());
    for (const child of [await draft(other.id), await draft(company.id, { mode: 'TEST' })]) {
      const err = await refusal(client.addComponent(p.id, { childId: child.id }));
      expect([err.status, err.code]).toEqual([404, 'NOT_FOUND']);
    }
  });
});

test.describe('product boundaries of traceability and components', () => {
  type Client = Awaited<ReturnType<typeof newTenant>>['client'];
  // Thunks, run one at a time, so no refusal is ever left unobserved.
  const writes = (client: Client, productId: string, childId: string) => [
    () => client.addTraceability(productId, { stage: 'other' }),
    () => client.addComponent(productId, { childId }),
  ];
  const reads = (client: Client, productId: string) => [
    () => client.listTraceability(productId),
    () => client.listComponents(productId),
  ];

  test('a SUBMITTED product is 409 PRODUCT_FROZEN and a demo product 422 DEMO_PRODUCT, writing nothing', async () => {
    const { company, client } = await newTenant();
    const child = await draft(company.id);
    const submitted = await draft(company.id, { state: 'SUBMITTED' });
    const demo = await draft(company.id);
    await db().product.update({ where: { id: demo.id }, data: { isDemo: true } });
    for (const [product, status, code] of [
      [submitted, 409, 'PRODUCT_FROZEN'],
      [demo, 422, 'DEMO_PRODUCT'],
    ] as const) {
      for (const write of writes(client, product.id, child.id))
        expect(await refusal(write())).toMatchObject({ status, code });
      expect(await audits({ productId: product.id })).toBe(0);
    }
  });

  test('a malformed product id is 400 INVALID_ID on every product endpoint', async () => {
    const { client } = await newTenant();
    for (const call of [...reads(client, 'not-a-uuid'), ...writes(client, 'not-a-uuid', randomUUID())]) {
      expect(await refusal(call())).toMatchObject({ status: 400, code: 'INVALID_ID' });
    }
  });

  test("another tenant's product, and a live product read with a sandbox key, are 404 NOT_FOUND and stay unchanged", async () => {
    const { company } = await newTenant();
    const p = await draft(company.id);
    const child = await draft(company.id);
    const stranger = await newTenant();
    const sandbox = await newKey(company.id, { mode: 'test' });
    for (const client of [stranger.client, sandbox.client]) {
      for (const call of [...reads(client, p.id), ...writes(client, p.id, child.id)]) {
        expect(await refusal(call())).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      }
    }
    const after = await db().product.findUniqueOrThrow({ where: { id: p.id } });
    expect([after.updatedAt, after.lockVersion]).toEqual([p.updatedAt, p.lockVersion]);
    expect(await audits({ productId: p.id })).toBe(0);
  });

  test('a key without dpp:draft:write cannot write, and one without dpp:read cannot read: 403 FORBIDDEN_SCOPE', async () => {
    const { company, client: reader } = await newTenant({ scopes: ['dpp:read'] });
    const { client: writer } = await newKey(company.id, { scopes: ['dpp:draft:write'] });
    const [p, child] = [await draft(company.id), await draft(company.id)];
    for (const call of [...writes(reader, p.id, child.id), () => reader.addGs1Prefix(freshPrefix())]) {
      expect(await refusal(call())).toMatchObject({ status: 403, code: 'FORBIDDEN_SCOPE' });
    }
    for (const call of [...reads(writer, p.id), () => writer.listGs1Prefixes()]) {
      expect(await refusal(call())).toMatchObject({ status: 403, code: 'FORBIDDEN_SCOPE' });
    }
  });
});

test.describe('GS1 company prefixes', () => {
  test('POST registers a prefix (201) that GET lists; registering it again answers the same row (200); one audit row', async () => {
    const { company, client } = await newTenant();
    const prefix = freshPrefix();
    const res = await client.send('POST', '/api/v1/companies/me/gs1-prefixes', { body: { prefix } });
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({ prefix });
    await nextSecond(); // the same signed write in the same second would be a replayed signature (401)
    const again = await client.send('POST', '/api/v1/companies/me/gs1-prefixes', { body: { prefix } });
    expect([again.status, again.data]).toEqual([200, res.data]);
    expect(await client.listGs1Prefixes()).toEqual({ data: [res.data], nextCursor: null });
    expect(await audits({ companyId: company.id, eventType: 'Gs1PrefixAdded' })).toBe(1);
  });

  test("too short, too long, letters, and overlapping another company's prefix are 422 GS1_PREFIX_INVALID", async () => {
    const owner = await newTenant();
    const taken = freshPrefix();
    await owner.client.addGs1Prefix(taken);
    const { company, client } = await newTenant();
    for (const prefix of ['123', '1234567890123', '40A2345']) {
      expect(await refusal(client.addGs1Prefix(prefix))).toMatchObject({ status: 422, code: 'GS1_PREFIX_INVALID' });
    }
    for (const prefix of [taken, `${taken}1`, taken.slice(0, 5)]) {
      const err = await refusal(client.addGs1Prefix(prefix));
      expect(err).toMatchObject({ status: 422, code: 'GS1_PREFIX_INVALID' });
      expect(err.message).toContain('already registered to another company');
      expect(JSON.stringify(err.body)).not.toContain(owner.company.id);
    }
    expect(await db().gs1Prefix.count({ where: { companyId: company.id } })).toBe(0);
  });

  test("a sandbox key reads the company's prefixes but registering one is 403 CROSS_MODE_DENIED", async () => {
    const { company, client } = await newTenant();
    const prefix = freshPrefix();
    await client.addGs1Prefix(prefix);
    const sandbox = await newKey(company.id, { mode: 'test' });
    expect((await sandbox.client.listGs1Prefixes()).data.map((p) => p.prefix)).toEqual([prefix]);
    expect(await refusal(sandbox.client.addGs1Prefix(freshPrefix()))).toMatchObject({
      status: 403,
      code: 'CROSS_MODE_DENIED',
    });
  });
});

// HTTP contract of POST /api/v1/products/{id}/schema-upgrade: a draft of an older schema version moves to the
// category's current one (the commodity code of version 3 then mandated and accepted), and every named refusal.
import { randomInt } from 'node:crypto';
import type { Prisma } from '../lib/db/generated/client';
import type { ProductState } from '../lib/db/generated/enums';
import { getCategorySchema } from '../lib/schema/categories';
import { exampleFormData } from '../lib/schema/examples';
import { expect, test } from '../testing/e2e/fixtures';
import { db, newKey, newTenant, refusal } from '../testing/e2e/integration';
import { createTestProduct } from '../testing/factories';

const V2 = getCategorySchema('EV_BATTERY', 2)!;

/** A draft created while version 2 was current (or a product in `state`), its data valid on version 2. */
async function v2Product(companyId: string, state: ProductState = 'DRAFT', formData: object = exampleFormData(V2)) {
  const p = await createTestProduct(db(), { companyId, state, name: `Pack ${randomInt(1e9)}` });
  return db().product.update({
    where: { id: p.id },
    data: { schemaVersion: 2, formData: formData as Prisma.InputJsonObject },
  });
}

test.describe('POST /api/v1/products/{id}/schema-upgrade', () => {
  test('moves a version 2 draft to version 3: compatibility reports no upgrade, the commodity code is mandated and then accepted', async () => {
    const { company, client } = await newTenant();
    const p = await v2Product(company.id);
    expect(await client.schemaCompatibility(p.id)).toMatchObject({ productSchemaVersion: 2, upgradeAvailable: true });
    const v2Refusal = await refusal(client.putFormData(p.id, { formData: { commodity_code: '85076000' } }));
    expect(v2Refusal.code).toBe('FIELD_VALIDATION_ERROR');

    const res = await client.send('POST', `/api/v1/products/${p.id}/schema-upgrade`, {
      body: { lockVersion: p.lockVersion },
    });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ id: p.id, schemaVersion: 3, lockVersion: p.lockVersion + 1, state: 'DRAFT' });
    expect(await client.schemaCompatibility(p.id)).toMatchObject({ productSchemaVersion: 3, upgradeAvailable: false });
    expect((await client.readiness(p.id)).missing.map((f) => f.field_id)).toEqual(['commodity_code']);
    await client.putFormData(p.id, { formData: { commodity_code: '85076000' } });
    expect((await client.readiness(p.id)).ok).toBe(true);

    const again = await client.upgradeSchemaVersion(p.id, { lockVersion: p.lockVersion + 2 });
    expect(again).toMatchObject({ schemaVersion: 3, lockVersion: p.lockVersion + 2 });
    const audit = await db().auditLog.findMany({ where: { productId: p.id }, orderBy: { createdAt: 'asc' } });
    expect(audit.map((a) => [a.eventType, a.eventContext])).toEqual([
      ['SchemaUpgrade', { fromSchemaVersion: 2, toSchemaVersion: 3 }],
      ['Update', { fields: ['commodity_code'] }],
    ]);
  });

  test('refuses a stale lockVersion (409), a published product (409 INVALID_STATE), stored values version 3 refuses (422, listed) and a body without lockVersion (400)', async () => {
    const { company, client } = await newTenant();
    const p = await v2Product(company.id);
    const stale = await refusal(client.upgradeSchemaVersion(p.id, { lockVersion: p.lockVersion + 5 }));
    expect([stale.status, stale.code, stale.body.error.currentLockVersion]).toEqual([
      409,
      'LOCK_CONFLICT',
      p.lockVersion,
    ]);

    const published = await v2Product(company.id, 'APPROVED');
    const frozen = await refusal(client.upgradeSchemaVersion(published.id, { lockVersion: published.lockVersion }));
    expect([frozen.status, frozen.code]).toEqual([409, 'INVALID_STATE']);

    const odd = await v2Product(company.id, 'DRAFT', { ...exampleFormData(V2), retired_field: 'x' });
    const refused = await refusal(client.upgradeSchemaVersion(odd.id, { lockVersion: odd.lockVersion }));
    expect([refused.status, refused.code]).toEqual([422, 'FIELD_VALIDATION_ERROR']);
    expect(refused.body.error.fieldErrors.map((e: { field_id: string; code: string }) => [e.field_id, e.code])).toEqual(
      [['retired_field', 'UNKNOWN_FIELD']],
    );

    const bodyless = await client.send('POST', `/api/v1/products/${p.id}/schema-upgrade`, { body: {} });
    expect(bodyless.status).toBe(400);
    for (const id of [p.id, published.id, odd.id])
      expect((await db().product.findUniqueOrThrow({ where: { id } })).schemaVersion).toBe(2);
  });

  test("another company's draft is 404 and stays on version 2; a key without dpp:draft:write is 403", async () => {
    const owner = await newTenant();
    const outsider = await newTenant();
    const p = await v2Product(owner.company.id);
    const hidden = await refusal(outsider.client.upgradeSchemaVersion(p.id, { lockVersion: p.lockVersion }));
    expect([hidden.status, hidden.code]).toEqual([404, 'NOT_FOUND']);
    const reader = await newKey(owner.company.id, { scopes: ['dpp:read'] });
    const forbidden = await refusal(reader.client.upgradeSchemaVersion(p.id, { lockVersion: p.lockVersion }));
    expect([forbidden.status, forbidden.code]).toEqual([403, 'FORBIDDEN_SCOPE']);
    expect((await db().product.findUniqueOrThrow({ where: { id: p.id } })).schemaVersion).toBe(2);
  });
});

import { afterAll, describe, expect, inject, it } from 'vitest';
import { createPrismaClient } from '../lib/db/client';
import {
  createPublishedPassport,
  createTestBmsSecret,
  createTestCompany,
  createTestOperator,
  createTestProduct,
  mintTestKey,
} from './factories';

const db = createPrismaClient(inject('databaseUrl'));
afterAll(() => db.$disconnect());

describe('the test kit', () => {
  it('creates unique companies, operators, keys and BMS secrets in one call each', async () => {
    const [a, b] = [await createTestCompany(db), await createTestCompany(db)];
    expect(a.slug).not.toBe(b.slug);
    const operator = await createTestOperator(db, { companyId: a.id, role: 'EDITOR' });
    expect(operator).toMatchObject({ companyId: a.id, role: 'EDITOR', password: expect.any(String) });
    const key = await mintTestKey(db, a.id, { scopes: ['dpp:read', 'dpp:draft:write'], mode: 'test' });
    expect(key.key).toMatch(/^pk_test_/);
    const product = await createTestProduct(db, { companyId: a.id, category: 'LMT_BATTERY' });
    expect((await createTestBmsSecret(db, a.id, { productIds: [product.id] })).productIds).toEqual([product.id]);
  });

  it('publishes a passport through the approval verb', async () => {
    const company = await createTestCompany(db);
    const passport = await createPublishedPassport(db, { companyId: company.id, category: 'EV_BATTERY' });
    expect(passport).toMatchObject({ state: 'APPROVED', version: 1 });
    expect(await db.passportVersion.count({ where: { productId: passport.id } })).toBe(1);
    expect(Object.keys(passport.formData as object).length).toBeGreaterThan(10);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { createPrismaClient } from '../db/client';
import { CURRENT_SCHEMA_VERSION } from './categories';
import { installReferenceData } from './reference-data';
import { BATTERY_CATEGORIES } from './types';

// A database of its own: the test rewinds the installed reference data to the previous release's.
let database: TestDatabase;
let db: ReturnType<typeof createPrismaClient>;

beforeAll(async () => {
  database = await createTestDatabase('refdata');
  db = createPrismaClient(database.url);
}, 120_000);

afterAll(async () => {
  await db?.$disconnect();
  await database?.dispose();
});

const installed = async () =>
  (
    await db.categorySchemaVersion.findMany({
      select: { version: true, sha256: true, fields: true, category: { select: { code: true } } },
      orderBy: [{ category: { code: 'asc' } }, { version: 'asc' }],
    })
  ).map((r) => ({ code: r.category.code, version: r.version, sha256: r.sha256, fields: r.fields }));

describe('installReferenceData on a database of the previous release (versions 1 and 2, current 2)', () => {
  it('adds version 3 beside them, makes it current, leaves 1 and 2 and their products as they were', async () => {
    const before = (await installed()).filter((r) => r.version < 3);
    await db.categorySchemaVersion.deleteMany({ where: { version: 3 } });
    await db.category.updateMany({ data: { currentSchemaVersion: 2 } });
    const category = await db.category.findUniqueOrThrow({ where: { code: 'EV_BATTERY' } });
    const company = await db.company.create({ data: { slug: 'refdata-v2', name: 'Refdata v2' } });
    const v2Product = await db.product.create({
      data: { companyId: company.id, categoryId: category.id, schemaVersion: 2, slug: 'refdata-v2', name: 'v2' },
    });

    const { installedSchemas } = await installReferenceData(database.url);

    expect(installedSchemas.sort()).toEqual(BATTERY_CATEGORIES.map((c) => `${c}@3`).sort());
    const categories = await db.category.findMany({ select: { currentSchemaVersion: true } });
    expect(categories.map((c) => c.currentSchemaVersion)).toEqual(BATTERY_CATEGORIES.map(() => CURRENT_SCHEMA_VERSION));
    const after = await installed();
    expect(after.filter((r) => r.version < 3)).toEqual(before);
    expect(after.filter((r) => r.version === 3)).toHaveLength(BATTERY_CATEGORIES.length);
    expect((await db.product.findUniqueOrThrow({ where: { id: v2Product.id } })).schemaVersion).toBe(2);
  });

  it('installs nothing a second time', async () => {
    expect((await installReferenceData(database.url)).installedSchemas).toEqual([]);
  });

  it('refuses an installed version whose content differs from the code, changing nothing', async () => {
    const row = await db.categorySchemaVersion.findFirstOrThrow({
      where: { version: 2, category: { code: 'LMT_BATTERY' } },
    });
    await db.categorySchemaVersion.update({ where: { id: row.id }, data: { sha256: '0'.repeat(64) } });
    await expect(installReferenceData(database.url)).rejects.toThrow(/LMT_BATTERY v2 differs/);
    await db.categorySchemaVersion.update({ where: { id: row.id }, data: { sha256: row.sha256 } });
  });
});

import type { Db, Tx } from '../db/client';
import { ServiceError } from '../errors';
import type { CategorySchema, FieldDefinition } from '../schema/types';

// Installed versions never change (lib/db/reference-data.ts refuses a differing schema under an existing version
// number), so each is read once per process: every write validated against it (form data, BMS telemetry) saves a
// query and the parse of the whole field list. On globalThis: route bundles share one copy.
const LOADED = Symbol.for('battery-passport-service.category-schema-versions');
type Holder = { [LOADED]?: Map<string, Readonly<CategorySchema>> };

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}

/** The field schema a product was written against (versions are immutable once installed); shared, read-only. */
export async function loadCategorySchema(tx: Tx | Db, categoryId: string, version: number): Promise<CategorySchema> {
  const loaded = ((globalThis as Holder)[LOADED] ??= new Map());
  const key = `${categoryId}:${version}`;
  const known = loaded.get(key);
  if (known) return known;
  const row = await tx.categorySchemaVersion.findUniqueOrThrow({
    where: { categoryId_version: { categoryId, version } },
    include: { category: { select: { code: true } } },
  });
  const schema = deepFreeze({
    category: row.category.code as CategorySchema['category'],
    version: row.version,
    fields: row.fields as unknown as FieldDefinition[],
  });
  loaded.set(key, schema);
  return schema;
}

/** A category by code with its current field schema; an unknown code is VALIDATION_ERROR on `categoryCode`. */
export async function currentCategorySchema(
  tx: Tx,
  categoryCode: string,
): Promise<{ categoryId: string; schema: CategorySchema }> {
  const category = await tx.category.findUnique({ where: { code: categoryCode } });
  if (!category) {
    const message = 'No battery category has this code; GET /api/v1/categories lists them.';
    throw new ServiceError('VALIDATION_ERROR', message, {
      details: { issues: [{ path: 'categoryCode', code: 'unknown_category', message }] },
    });
  }
  return { categoryId: category.id, schema: await loadCategorySchema(tx, category.id, category.currentSchemaVersion) };
}

import type { z } from 'zod';
import type { Db, Tx } from '../../../db/client';
import { ServiceError } from '../../../errors';
import { CATEGORY_INFO, isBatteryCategory } from '../../../schema/categories';
import { levelOf } from '../../../schema/levels';
import type { CategorySchema, FieldDefinition } from '../../../schema/types';
import type { SchemaField, SchemaFieldItem } from './field-shapes';
import type { Category, Industry } from './shapes';

/**
 * Reads of the reference data (industries, categories, field schema versions). The installed
 * CategorySchemaVersion rows are the source of truth: products are validated against them, and older versions
 * live only there once the code moves on.
 */

export const SCHEMA_ATTRIBUTION =
  'Field definitions derived from the Battery Pass consortium, Data Attribute Longlist v1.2, licensed CC BY 4.0 ' +
  '(https://creativecommons.org/licenses/by/4.0/).';

export async function listIndustryViews(db: Db | Tx): Promise<z.infer<typeof Industry>[]> {
  const rows = await db.industry.findMany({
    orderBy: { code: 'asc' },
    include: { categories: { select: { code: true }, orderBy: { code: 'asc' } } },
  });
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    description: r.description,
    categories: r.categories.map((c) => c.code),
  }));
}

export async function listCategoryViews(db: Db | Tx): Promise<z.infer<typeof Category>[]> {
  const rows = await db.category.findMany({
    orderBy: { code: 'asc' },
    include: {
      industry: { select: { code: true } },
      schemas: { select: { version: true }, orderBy: { version: 'asc' } },
    },
  });
  return rows.map((r) => {
    const info = isBatteryCategory(r.code) ? CATEGORY_INFO[r.code] : null;
    return {
      id: r.id,
      code: r.code,
      name: r.name,
      description: r.description,
      industry: r.industry.code,
      currentSchemaVersion: r.currentSchemaVersion,
      schemaVersions: r.schemas.map((s) => s.version),
      passportRequired: info?.passportRequired ?? null,
      regulationScope: info?.regulationScope ?? null,
    };
  });
}

const notFound = (what: string) => new ServiceError('NOT_FOUND', what);

export interface StoredSchema {
  schema: CategorySchema;
  currentVersion: number;
}

/** A category's stored field schema at `version` (default: current); 404 NOT_FOUND for an unknown code or version. */
export async function loadStoredSchema(db: Db | Tx, code: string, version?: number): Promise<StoredSchema> {
  const category = await db.category.findUnique({
    where: { code },
    select: { id: true, code: true, currentSchemaVersion: true },
  });
  if (!category) throw notFound(`No category with code ${code.slice(0, 40)}.`);
  const wanted = version ?? category.currentSchemaVersion;
  const row = await db.categorySchemaVersion.findUnique({
    where: { categoryId_version: { categoryId: category.id, version: wanted } },
  });
  if (!row) throw notFound(`Category ${category.code} has no field schema version ${wanted}.`);
  return {
    schema: {
      category: category.code as CategorySchema['category'],
      version: row.version,
      fields: row.fields as unknown as FieldDefinition[],
    },
    currentVersion: category.currentSchemaVersion,
  };
}

function itemView(f: FieldDefinition): z.infer<typeof SchemaFieldItem> {
  return {
    id: f.id,
    label: f.label,
    type: f.type,
    unit: f.unit ?? null,
    mandated: f.mandated,
    min: f.min ?? null,
    max: f.max ?? null,
    maxLength: f.maxLength ?? null,
    pattern: f.pattern ?? null,
    options: f.options ?? null,
    access: f.access,
    group: f.group,
    dynamic: f.dynamic,
    example: f.example ?? null,
    reference: f.reference,
    ...(f.description === undefined ? {} : { description: f.description }),
  };
}

/** A field in a fixed member order, every optional bound present as null (stored rows keep keys sorted). */
export function fieldView(f: FieldDefinition): z.infer<typeof SchemaField> {
  const { description, ...rest } = itemView(f);
  return {
    ...rest,
    ...(f.items ? { items: f.items.map(itemView) } : {}),
    ...levelOf(f),
    ...(description === undefined ? {} : { description }),
  };
}

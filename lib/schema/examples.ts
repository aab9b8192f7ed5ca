import { BMS_DYNAMIC_FIELD_IDS } from './fields/dynamic';
import { type FieldLevel, levelOf } from './levels';
import type { CategorySchema } from './types';

const bmsFields = new Set<string>(BMS_DYNAMIC_FIELD_IDS);

/**
 * Form data made of every field's example value, except the BMS telemetry (it arrives after publication), then
 * `overrides` for the fields the schema has. Enough to pass the schema's publication gate.
 */
export function exampleFormData(
  schema: CategorySchema,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of schema.fields)
    if (field.example !== undefined && !bmsFields.has(field.id)) data[field.id] = field.example;
  return { ...data, ...knownFields(schema, overrides) };
}

/** Only the values the schema has a field for (an LMT passport has no carbon footprint fields). */
export function knownFields(schema: CategorySchema, fields: Record<string, unknown>): Record<string, unknown> {
  const known = new Set(schema.fields.map((f) => f.id));
  return Object.fromEntries(Object.entries(fields).filter(([id]) => known.has(id)));
}

/** The example values of one level's fields: what a model (`model`) or each of its items (`item`) is written with. */
export function exampleFormDataOfLevel(
  schema: CategorySchema,
  level: FieldLevel,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const data = exampleFormData(schema);
  const ofLevel = new Set(schema.fields.filter((f) => levelOf(f).level === level).map((f) => f.id));
  return { ...Object.fromEntries(Object.entries(data).filter(([id]) => ofLevel.has(id))), ...overrides };
}

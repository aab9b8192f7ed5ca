import type { CategorySchema, FieldDefinition, FieldError } from './types';

/** Where a field's value belongs: to the battery model every unit shares, or to the one unit (item). */
export type FieldLevel = 'model' | 'item';

/** What the kind of a product allows it to write. A standalone passport is its own model: no level rules. */
export type LevelSubject =
  | { kind: 'standalone' }
  | { kind: 'model' }
  /** `modelFields`: the fields of the model's latest published version (empty while it has none). */
  | { kind: 'item'; modelFields: Record<string, unknown> };

/**
 * A field's level and whether an item may override the value its model sets. Schema versions written before levels
 * existed carry neither: every field reads as model-level and overridable there.
 */
export function levelOf(field: Pick<FieldDefinition, 'level' | 'overridable'>): {
  level: FieldLevel;
  overridable: boolean;
} {
  const level = field.level ?? 'model';
  return { level, overridable: level === 'item' || field.overridable !== false };
}

const isSet = (value: unknown) => value !== undefined && value !== null;

/**
 * The WRONG_LEVEL errors of a form-data patch: an item-level field set on a model, or an item setting a model-level
 * field that is not overridable while its model's published version sets it. Clearing (null) is never refused.
 */
export function levelErrors(
  schema: CategorySchema,
  subject: LevelSubject,
  patch: Record<string, unknown>,
): FieldError[] {
  if (subject.kind === 'standalone') return [];
  const byId = new Map(schema.fields.map((f) => [f.id, f]));
  const errors: FieldError[] = [];
  for (const [id, value] of Object.entries(patch)) {
    const field = byId.get(id);
    if (!field || !isSet(value)) continue;
    const { level, overridable } = levelOf(field);
    if (subject.kind === 'model' && level === 'item') {
      errors.push({
        field_id: id,
        label: field.label,
        code: 'WRONG_LEVEL',
        message: `${field.label} is a per-unit (item-level) field: set it on the model's items, not on the model.`,
      });
    } else if (subject.kind === 'item' && !overridable && isSet(subject.modelFields[id])) {
      errors.push({
        field_id: id,
        label: field.label,
        code: 'WRONG_LEVEL',
        message: `${field.label} is set by the item's model and the schema does not let an item override it.`,
      });
    }
  }
  return errors;
}

/**
 * An item's effective form data: its model's published fields overlaid with its own (the item wins where it sets a
 * value; for a non-overridable field the model's value stands).
 */
export function mergeItemFields(
  schema: CategorySchema,
  modelFields: Record<string, unknown>,
  itemFields: Record<string, unknown>,
): Record<string, unknown> {
  const byId = new Map(schema.fields.map((f) => [f.id, f]));
  const merged: Record<string, unknown> = { ...modelFields };
  for (const [id, value] of Object.entries(itemFields)) {
    if (!isSet(value)) continue;
    const field = byId.get(id);
    if (field && !levelOf(field).overridable && isSet(modelFields[id])) continue;
    merged[id] = value;
  }
  return merged;
}

/** Per-unit fields the longlist files under the battery model but a unit carries its own value of. */
const ITEM_FIELDS: ReadonlySet<string> = new Set([
  'manufacturing_place',
  'manufacturing_country',
  'manufacturing_date',
  'putting_into_service_date',
  'battery_mass_kg',
  'battery_status',
]);

/** Model declarations every unit must repeat unchanged: the model's identity, conformity and declared values. */
const FIXED_FIELDS: ReadonlySet<string> = new Set([
  'manufacturer_name',
  'manufacturer_identifier',
  'model_number',
  'commodity_code',
  'battery_chemistry',
  'eu_declaration_of_conformity_url',
  'eu_declaration_of_conformity_id',
  'ce_marking',
]);
const FIXED_GROUPS: ReadonlySet<string> = new Set([
  'carbonFootprint',
  'materials',
  'hazardousSubstances',
  'recycledContent',
  'supplyChain',
]);

/**
 * The level rule of a field (docs/data-model.md, "Levels"): item-level when it is dynamic or per unit by nature;
 * otherwise model-level, overridable unless it is one of the model's fixed declarations.
 */
export function levelRule(field: Pick<FieldDefinition, 'id' | 'group' | 'dynamic'>): {
  level: FieldLevel;
  overridable?: boolean;
} {
  if (field.dynamic || ITEM_FIELDS.has(field.id)) return { level: 'item' };
  return { level: 'model', overridable: !(FIXED_FIELDS.has(field.id) || FIXED_GROUPS.has(field.group)) };
}

/**
 * The mandated-field errors that concern a model: a model never holds item-level values (each item supplies its
 * own), so their absence does not hold its submission back.
 */
export function modelsOwnErrors(schema: CategorySchema, errors: FieldError[]): FieldError[] {
  const itemLevel = new Set(schema.fields.filter((f) => levelOf(f).level === 'item').map((f) => f.id));
  return errors.filter((e) => !itemLevel.has(e.field_id.split('[')[0]));
}

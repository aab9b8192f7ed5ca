import type { FieldDefinition, FieldGroup } from '../../schema/types';
import { FIELD_GROUPS } from '../../schema/types';

/** The fields the portal edits together: one group of the schema, every access tier. */
export function groupFields(fields: readonly FieldDefinition[], group: FieldGroup): FieldDefinition[] {
  return fields.filter((f) => f.group === group);
}

export const isFieldGroup = (value: string): value is FieldGroup => (FIELD_GROUPS as readonly string[]).includes(value);

const NUMBER_LITERAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const BOOLEANS: Record<string, boolean> = { true: true, false: false };

/**
 * One input's text as the JSON value the API would receive. Text that cannot be the field's type is passed on
 * as typed, so the form-data verb refuses it with exactly the message the API gives; an empty input clears.
 */
function submittedValue(field: FieldDefinition, form: FormData): unknown {
  if (field.type === 'multi_enum') {
    const chosen = form.getAll(field.id).filter((v): v is string => typeof v === 'string' && v !== '');
    return chosen.length > 0 ? chosen : null;
  }
  const raw = form.get(field.id);
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (text === '') return null;
  switch (field.type) {
    case 'number':
    case 'integer':
      return NUMBER_LITERAL.test(text) ? Number(text) : text;
    case 'boolean':
      return Object.hasOwn(BOOLEANS, text) ? BOOLEANS[text] : text;
    case 'array':
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return text;
      }
    default:
      return text;
  }
}

/** The form data batch of a group's form: every field of the group, as the API's PUT form-data body carries it. */
export function formDataBatch(fields: readonly FieldDefinition[], form: FormData): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => [f.id, submittedValue(f, form)]));
}

/** The text an input starts with for a stored value (the inverse of valueOf). */
export function inputText(field: FieldDefinition, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (field.type === 'array' || typeof value === 'object') return JSON.stringify(value, null, 2);
  return String(value);
}

/**
 * Field errors keyed by the input they belong to: an entry's member (`test_reports[0].url`) or a listed option
 * (`critical_raw_materials[2]`) is shown beside its field's one input.
 */
export function errorsByInput(fieldErrors: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!fieldErrors) return undefined;
  const byInput: Record<string, string> = {};
  for (const [id, message] of Object.entries(fieldErrors)) {
    const input = id.replace(/[[.].*$/, '');
    byInput[input] = byInput[input] ? `${byInput[input]} ${message}` : message;
  }
  return byInput;
}

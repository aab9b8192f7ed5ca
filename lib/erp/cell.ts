import type { FieldDefinition } from '../schema/types';
import { parseLocaleNumber } from './numbers';
import { applyTransform } from './transforms';
import { accepted, failure, type Transform, type TransformResult } from './types';

const TRUE_WORDS = ['true', '1', 'yes', 'y', 'x'];
const FALSE_WORDS = ['false', '0', 'no', 'n'];

function json(text: string, what: string): TransformResult {
  try {
    return accepted(JSON.parse(text));
  } catch {
    return failure('WRONG_TYPE', `The cell is not ${what} written as JSON.`);
  }
}

/** A list cell: JSON (as the ERP template writes it) or values separated by semicolons. */
const list = (text: string): TransformResult =>
  text.startsWith('[')
    ? json(text, 'a list')
    : accepted(
        text
          .split(';')
          .map((s) => s.trim())
          .filter((s) => s !== ''),
      );

/**
 * A cell read as the field's type says, as the ERP template writes it: numbers with a decimal point, true/false,
 * lists and entries as JSON. Text is taken as it is.
 */
export function plainReading(field: FieldDefinition, raw: string): TransformResult {
  const text = raw.trim();
  if (text === '') return accepted(null);
  switch (field.type) {
    case 'number':
    case 'integer':
      return parseLocaleNumber(text, '.');
    case 'boolean': {
      const word = text.toLowerCase();
      if (TRUE_WORDS.includes(word)) return accepted(true);
      return FALSE_WORDS.includes(word) ? accepted(false) : failure('WRONG_TYPE', 'The cell is not true or false.');
    }
    case 'multi_enum':
      return list(text);
    case 'array':
      return json(text, 'a list of entries');
    default:
      return accepted(raw);
  }
}

/** One cell for one field: its transform (per item of a list field), or the plain reading of the field's type. */
export function cellValue(field: FieldDefinition, raw: string, transform?: Transform): TransformResult {
  if (!transform || transform.type === 'none' || transform.type === 'trim') {
    return plainReading(field, transform?.type === 'trim' ? raw.trim() : raw);
  }
  if (field.type !== 'multi_enum') return applyTransform(transform, raw);
  const items = list(raw.trim());
  if (!items.ok || !Array.isArray(items.value)) return items;
  const values: unknown[] = [];
  for (const item of items.value) {
    const one = typeof item === 'string' ? applyTransform(transform, item) : accepted(item);
    if (!one.ok) return one;
    values.push(one.value);
  }
  return accepted(values);
}

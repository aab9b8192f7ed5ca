import { parseDate } from './dates';
import { parseLocaleNumber } from './numbers';
import { accepted, failure, type Transform, type TransformResult } from './types';
import { convertible, convertUnit } from './units';

const blank = (raw: string) => raw.trim() === '';

/** "85 %", "85%" are percent whatever the scale; a bare number is read in the transform's scale. The result is in percent. */
function percent(raw: string, t: Extract<Transform, { type: 'percent' }>): TransformResult {
  const text = raw.trim();
  const signed = /%$/.test(text);
  const number = parseLocaleNumber(signed ? text.slice(0, -1) : text, t.decimalSeparator ?? '.');
  if (!number.ok || number.value === null)
    return number.ok ? accepted(null) : failure('WRONG_TYPE', 'The cell is not a percentage.');
  const value = number.value as number;
  return accepted(signed || t.scale === 'percent' ? value : Number((value * 100).toPrecision(12)));
}

function unit(raw: string, t: Extract<Transform, { type: 'unit' }>): TransformResult {
  if (!convertible(t.from, t.to)) return failure('WRONG_TYPE', `${t.from} cannot be converted to ${t.to}.`);
  // The unit may be written after the number ("1,2 kWh"); any other suffix is refused.
  const text = raw.trim();
  const bare = text.endsWith(t.from) ? text.slice(0, -t.from.length) : text;
  const number = parseLocaleNumber(bare, t.decimalSeparator ?? '.');
  if (!number.ok || number.value === null) return number;
  return accepted(convertUnit(number.value as number, t.from, t.to));
}

function enumValue(raw: string, map: Record<string, string>): TransformResult {
  const text = raw.trim();
  if (text === '') return accepted(null);
  if (Object.hasOwn(map, text)) return accepted(map[text]);
  // ERP codes differ in case more often than in spelling; an unmapped value is kept for validation to judge.
  const key = Object.keys(map).find((k) => k.trim().toLowerCase() === text.toLowerCase());
  return accepted(key === undefined ? text : map[key]);
}

function booleanValue(raw: string, t: Extract<Transform, { type: 'boolean' }>): TransformResult {
  const text = raw.trim().toLowerCase();
  if (text === '') return accepted(null);
  if (t.trueWords.some((w) => w.trim().toLowerCase() === text)) return accepted(true);
  if (t.falseWords.some((w) => w.trim().toLowerCase() === text)) return accepted(false);
  return failure('WRONG_TYPE', 'The cell is none of the words this mapping reads as true or false.');
}

/** One ERP cell through one transform. An empty (or blank) cell is always null: no value, never an error here. */
export function applyTransform(transform: Transform, raw: string): TransformResult {
  if (blank(raw)) return accepted(null);
  switch (transform.type) {
    case 'number':
      return parseLocaleNumber(raw, transform.decimalSeparator, transform.thousandsSeparator);
    case 'percent':
      return percent(raw, transform);
    case 'unit':
      return unit(raw, transform);
    case 'date':
      return parseDate(raw, transform.format);
    case 'enum':
      return enumValue(raw, transform.map);
    case 'boolean':
      return booleanValue(raw, transform);
    case 'trim':
      return accepted(raw.trim());
    case 'none':
      return accepted(raw);
    default: {
      const unknown: never = transform;
      throw new Error(`Unknown transform ${JSON.stringify(unknown)}`);
    }
  }
}

import { accepted, type DecimalSeparator, failure, type ThousandsSeparator, type TransformResult } from './types';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// Spreadsheets write a space-grouped number with a no-break or narrow no-break space.
const SPACES = /[\u00a0\u202f]/g;

/**
 * A number as an ERP writes it: optional sign, digits grouped by `thousands` in threes (or not grouped at all),
 * one `decimal` separator. The other separator anywhere else is refused, so 1.234 is never silently 1234 or 1.234.
 */
export function parseLocaleNumber(
  raw: string,
  decimal: DecimalSeparator = '.',
  thousands?: ThousandsSeparator,
): TransformResult {
  const text = raw.replace(SPACES, ' ').trim();
  if (text === '') return accepted(null);
  if (thousands === decimal)
    return failure('WRONG_TYPE', 'The thousands separator must differ from the decimal separator.');
  const d = escapeRegExp(decimal);
  const integer = thousands ? `(?:\\d{1,3}(?:${escapeRegExp(thousands)}\\d{3})+|\\d+)` : '\\d+';
  const shape = new RegExp(`^([+-]?)(${integer})(?:${d}(\\d+))?$|^([+-]?)${d}(\\d+)$`);
  const match = shape.exec(text);
  if (!match)
    return failure(
      'WRONG_TYPE',
      `The cell is not a number written with "${decimal}" as decimal separator${thousands ? ` and "${thousands}" between thousands` : ''}.`,
    );
  const [sign, whole, fraction] = match[2] !== undefined ? [match[1], match[2], match[3]] : [match[4], '0', match[5]];
  const digits = thousands ? whole.split(thousands).join('') : whole;
  const value = Number(`${sign}${digits}${fraction ? `.${fraction}` : ''}`);
  if (!Number.isFinite(value)) return failure('WRONG_TYPE', 'The cell is not a finite number.');
  return accepted(value === 0 ? 0 : value);
}

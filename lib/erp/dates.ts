import { isIsoDate } from '../schema/validate';
import { accepted, type DateFormat, failure, type TransformResult } from './types';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const PATTERNS: Record<
  Exclude<DateFormat, 'excel-serial'>,
  { re: RegExp; order: ['y' | 'm' | 'd', 'y' | 'm' | 'd', 'y' | 'm' | 'd'] }
> = {
  'YYYY-MM-DD': { re: /^(\d{4})-(\d{1,2})-(\d{1,2})$/, order: ['y', 'm', 'd'] },
  'DD.MM.YYYY': { re: /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/, order: ['d', 'm', 'y'] },
  'DD/MM/YYYY': { re: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: ['d', 'm', 'y'] },
  'MM/DD/YYYY': { re: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: ['m', 'd', 'y'] },
  YYYYMMDD: { re: /^(\d{4})(\d{2})(\d{2})$/, order: ['y', 'm', 'd'] },
};

// Excel's day 0 is 1899-12-30 once its fictitious 29 February 1900 is accounted for (serials from 61 on).
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

function excelSerial(text: string): TransformResult {
  if (!/^\d{1,6}(\.\d+)?$/.test(text))
    return failure('PATTERN_MISMATCH', 'The cell is not an Excel date serial number.');
  const serial = Math.floor(Number(text));
  if (serial < 61) return failure('OUT_OF_RANGE', 'Excel date serials before 1 March 1900 are not accepted.');
  const date = new Date(EXCEL_EPOCH_MS + serial * DAY_MS);
  return accepted(`${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`);
}

/** A calendar date in `format` as the schema's YYYY-MM-DD; an impossible date (31.02.) is refused, not rolled over. */
export function parseDate(raw: string, format: DateFormat): TransformResult {
  const text = raw.trim();
  if (text === '') return accepted(null);
  if (format === 'excel-serial') return excelSerial(text);
  const { re, order } = PATTERNS[format];
  const match = re.exec(text);
  if (!match) return failure('PATTERN_MISMATCH', `The cell is not a date written as ${format}.`);
  const parts = { y: 0, m: 0, d: 0 };
  for (const [i, part] of order.entries()) parts[part] = Number(match[i + 1]);
  const iso = `${pad(parts.y, 4)}-${pad(parts.m)}-${pad(parts.d)}`;
  return isIsoDate(iso)
    ? accepted(iso)
    : failure('PATTERN_MISMATCH', `The cell is not a calendar date written as ${format}.`);
}

// Pure formatting of field values for the viewer: one place decides how a number, date or enum reads.
import type { FieldDefinition } from './types';

const numberFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 3 });
const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});
const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

export function isMissing(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

export function formatNumber(value: number, unit: string | null): string {
  const n = numberFormat.format(value);
  return unit ? `${n} ${unit}` : n;
}

/** A date-only value reads as a day; a timestamp also shows the time in UTC. */
export function formatDate(value: string): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return /T\d/.test(value) ? dateTimeFormat.format(d) : dateFormat.format(d);
}

export function formatCountry(code: string): string {
  try {
    return countryNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

export function optionLabel(field: FieldDefinition, value: unknown): string {
  return field.options?.find((o) => o.value === value)?.label ?? String(value);
}

/** Only http(s) addresses become links: a stored `javascript:` value must never be clickable. */
export function safeHref(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Text of a scalar value of any field type (arrays and URLs get their own markup). */
export function formatScalar(field: FieldDefinition, value: unknown): string {
  switch (field.type) {
    case 'boolean':
      return value === true ? 'Yes' : value === false ? 'No' : String(value);
    case 'number':
    case 'integer':
      return typeof value === 'number' ? formatNumber(value, field.unit) : String(value);
    case 'date':
      return typeof value === 'string' ? formatDate(value) : String(value);
    case 'enum':
      return optionLabel(field, value);
    case 'multi_enum':
      return Array.isArray(value) ? value.map((v) => optionLabel(field, v)).join(', ') : optionLabel(field, value);
    case 'country':
      return typeof value === 'string' ? formatCountry(value) : String(value);
    default:
      return field.unit ? `${String(value)} ${field.unit}` : String(value);
  }
}

export function sha256Prefix(sha256: string): string {
  return sha256.slice(0, 12);
}

// Pure formatting of field values for the viewer: one place decides how a number, date or enum reads.
import type { FieldDefinition } from './types';

/** The words a value's text may need besides its own: yes and no, and an option's label in the reader's language. */
export interface ValueWords {
  yes: string;
  no: string;
  option(field: FieldDefinition, value: string): string | undefined;
}

const ENGLISH_WORDS: ValueWords = {
  yes: 'Yes',
  no: 'No',
  option: (field, value) => field.options?.find((o) => o.value === value)?.label,
};

/**
 * How values read in one language (a BCP 47 tag): numbers, days and timestamps (in UTC, as stored), countries and
 * option labels through Intl, the unit symbols as the schema writes them. Values the manufacturer typed stay as typed.
 */
export function createValueFormat(locale: string, words: ValueWords = ENGLISH_WORDS) {
  const numberFormat = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
  const dateFormat = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const dateTimeFormat = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  });
  const countryNames = new Intl.DisplayNames([locale], { type: 'region' });

  const formatNumber = (value: number, unit: string | null): string => {
    const n = numberFormat.format(value);
    return unit ? `${n} ${unit}` : n;
  };
  /** A date-only value reads as a day; a timestamp also shows the time in UTC. */
  const formatDate = (value: string): string => {
    const d = new Date(value);
    if (Number.isNaN(d.getTime())) return value;
    return /T\d/.test(value) ? dateTimeFormat.format(d) : dateFormat.format(d);
  };
  const formatCountry = (code: string): string => {
    try {
      return countryNames.of(code.toUpperCase()) ?? code;
    } catch {
      return code;
    }
  };
  const optionLabel = (field: FieldDefinition, value: unknown): string =>
    (typeof value === 'string' ? words.option(field, value) : undefined) ?? String(value);
  /** Text of a scalar value of any field type (arrays and URLs get their own markup). */
  const formatScalar = (field: FieldDefinition, value: unknown): string => {
    switch (field.type) {
      case 'boolean':
        return value === true ? words.yes : value === false ? words.no : String(value);
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
  };
  return { locale, formatNumber, formatDate, formatCountry, optionLabel, formatScalar };
}

/** The portal's and the static copy's formatting: British English. */
export const { formatNumber, formatDate, formatCountry, optionLabel, formatScalar } = createValueFormat('en-GB');

export function isMissing(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
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

export function sha256Prefix(sha256: string): string {
  return sha256.slice(0, 12);
}

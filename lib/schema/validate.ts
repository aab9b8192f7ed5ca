import type { CategorySchema, FieldDefinition, FieldError, FieldErrorCode } from './types';

export interface ValidateOptions {
  /** Also report mandated fields that are empty once `patch` is merged over `current` (submission). */
  requireMandated?: boolean;
  /** The stored form data the patch applies to. */
  current?: Record<string, unknown>;
}

// Keys that could reach Object.prototype if ever assigned; never schema fields, never copied.
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
const DEFAULT_URL_MAX_LENGTH = 2048;
const MAX_REPORTED_KEY_LENGTH = 200;
const MAX_LISTED_OPTIONS = 12;

/** ISO 3166-1 alpha-2, all 249 officially assigned codes (uppercase only). */
const COUNTRY_CODES: ReadonlySet<string> = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY ' +
    'BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK ' +
    'FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR ' +
    'IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ' +
    'ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM ' +
    'PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF ' +
    'TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
  ).split(' '),
);

export function isCountryCode(value: string): boolean {
  return COUNTRY_CODES.has(value);
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:Z|[+-](\d{2}):(\d{2}))$/;

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days;
}

/** `YYYY-MM-DD` (a real calendar date) or an RFC 3339 date-time with seconds and `Z` or an offset. */
export function isIsoDate(value: string): boolean {
  const date = DATE_RE.exec(value);
  if (date) return isCalendarDate(Number(date[1]), Number(date[2]), Number(date[3]));
  const dt = DATE_TIME_RE.exec(value);
  if (!dt) return false;
  const [, y, mo, d, h, mi, s, oh, om] = dt;
  const offsetOk = oh === undefined || (Number(oh) <= 23 && Number(om) <= 59);
  return (
    isCalendarDate(Number(y), Number(mo), Number(d)) &&
    Number(h) <= 23 &&
    Number(mi) <= 59 &&
    Number(s) <= 59 &&
    offsetOk
  );
}

/** Absolute http(s) URL with a host, no whitespace or control characters, no embedded credentials. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\/[^\s\u0000-\u001f\u007f]+$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname !== '' &&
      url.username === '' &&
      url.password === ''
    );
  } catch {
    return false;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function own(record: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

const patterns = new Map<string, RegExp>();
function compiled(pattern: string): RegExp {
  let re = patterns.get(pattern);
  if (!re) patterns.set(pattern, (re = new RegExp(pattern, 'u')));
  return re;
}

const fieldMaps = new WeakMap<readonly FieldDefinition[], Map<string, FieldDefinition>>();
function fieldsById(fields: readonly FieldDefinition[]): Map<string, FieldDefinition> {
  let map = fieldMaps.get(fields);
  if (!map) fieldMaps.set(fields, (map = new Map(fields.map((f) => [f.id, f]))));
  return map;
}

function lookup(fields: readonly FieldDefinition[], key: string): FieldDefinition | undefined {
  return FORBIDDEN_KEYS.has(key) ? undefined : fieldsById(fields).get(key);
}

function fieldError(field_id: string, label: string, code: FieldErrorCode, message: string): FieldError {
  return { field_id, label, code, message };
}

function unknownField(path: string, where: string): FieldError {
  const id = path.length > MAX_REPORTED_KEY_LENGTH ? `${path.slice(0, MAX_REPORTED_KEY_LENGTH)}…` : path;
  return fieldError(id, 'Unknown field', 'UNKNOWN_FIELD', `This field is not part of ${where}; remove it.`);
}

function rangeRule(def: FieldDefinition): string {
  const unit = def.unit ? ` ${def.unit}` : '';
  if (def.min !== undefined && def.max !== undefined) return `between ${def.min} and ${def.max}${unit}`;
  return def.min !== undefined ? `at least ${def.min}${unit}` : `at most ${def.max}${unit}`;
}

function optionsRule(def: FieldDefinition): string {
  const values = (def.options ?? []).map((o) => o.value);
  return values.length <= MAX_LISTED_OPTIONS
    ? `one of: ${values.join(', ')}`
    : 'one of the options the field schema lists';
}

/** Checks one value (never null) against its definition; messages state the rule, never the value. */
function validateValue(def: FieldDefinition, value: unknown, path: string, label: string, errors: FieldError[]): void {
  const fail = (code: FieldErrorCode, rule: string, at = path): void => {
    errors.push(fieldError(at, label, code, `${label} ${rule}.`));
  };
  const checkRange = (n: number) => {
    if ((def.min !== undefined && n < def.min) || (def.max !== undefined && n > def.max)) {
      fail('OUT_OF_RANGE', `must be ${rangeRule(def)}`);
    }
  };
  switch (def.type) {
    case 'string': {
      if (typeof value !== 'string') return fail('WRONG_TYPE', 'must be text');
      if (def.maxLength !== undefined && [...value].length > def.maxLength) {
        fail('OUT_OF_RANGE', `must be at most ${def.maxLength} characters long`);
      } else if (def.pattern !== undefined && value !== '' && !compiled(def.pattern).test(value)) {
        const rule = def.patternMessage ? `be ${def.patternMessage}` : `match the pattern ${def.pattern}`;
        fail('PATTERN_MISMATCH', `must ${rule}`);
      }
      return;
    }
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return fail('WRONG_TYPE', 'must be a finite number');
      return checkRange(value);
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) return fail('WRONG_TYPE', 'must be a whole number');
      return checkRange(value);
    case 'boolean':
      if (typeof value !== 'boolean') fail('WRONG_TYPE', 'must be true or false');
      return;
    case 'date':
      if (typeof value !== 'string') return fail('WRONG_TYPE', 'must be a date string');
      if (!isIsoDate(value)) {
        fail(
          'PATTERN_MISMATCH',
          'must be a calendar date YYYY-MM-DD or an ISO 8601 date-time with seconds and Z or an offset',
        );
      }
      return;
    case 'url': {
      if (typeof value !== 'string') return fail('WRONG_TYPE', 'must be a URL string');
      const max = def.maxLength ?? DEFAULT_URL_MAX_LENGTH;
      if (value.length > max) return fail('OUT_OF_RANGE', `must be at most ${max} characters long`);
      if (!isHttpUrl(value)) fail('PATTERN_MISMATCH', 'must be an absolute http or https URL without credentials');
      return;
    }
    case 'country':
      if (typeof value !== 'string') return fail('WRONG_TYPE', 'must be a country code string');
      if (!COUNTRY_CODES.has(value))
        fail('INVALID_OPTION', 'must be an ISO 3166-1 alpha-2 country code in capitals, such as DE');
      return;
    case 'enum':
      if (typeof value !== 'string') return fail('WRONG_TYPE', 'must be a string option');
      if (!def.options?.some((o) => o.value === value)) fail('INVALID_OPTION', `must be ${optionsRule(def)}`);
      return;
    case 'multi_enum': {
      if (!Array.isArray(value)) return fail('WRONG_TYPE', 'must be a list of options');
      if (def.maxLength !== undefined && value.length > def.maxLength) {
        return fail('OUT_OF_RANGE', `must list at most ${def.maxLength} options`);
      }
      const seen = new Set<string>();
      for (const [i, v] of value.entries()) {
        const at = `${path}[${i}]`;
        if (typeof v !== 'string') fail('WRONG_TYPE', 'must list options as strings', at);
        else if (!def.options?.some((o) => o.value === v))
          fail('INVALID_OPTION', `must list only ${optionsRule(def)}`, at);
        else if (seen.has(v)) fail('INVALID_OPTION', 'must not list an option twice', at);
        else seen.add(v);
      }
      return;
    }
    case 'array': {
      if (!Array.isArray(value)) return fail('WRONG_TYPE', 'must be a list of entries');
      if (def.maxLength !== undefined && value.length > def.maxLength) {
        return fail('OUT_OF_RANGE', `must have at most ${def.maxLength} entries`);
      }
      const members = def.items ?? [];
      for (const [i, item] of value.entries()) {
        const at = `${path}[${i}]`;
        if (!isPlainObject(item)) {
          fail('WRONG_TYPE', `entry ${i + 1} must be an object`, at);
          continue;
        }
        for (const key of Object.keys(item)) {
          const member = lookup(members, key);
          if (!member) {
            errors.push(unknownField(`${at}.${key}`, `the entries of ${label}`));
            continue;
          }
          const v = item[key];
          if (v !== null && v !== undefined)
            validateValue(member, v, `${at}.${key}`, `${label}, entry ${i + 1}: ${member.label}`, errors);
        }
      }
      return;
    }
    default: {
      const unsupported: never = def.type;
      throw new Error(`Field ${def.id} has an unsupported type ${String(unsupported)}`);
    }
  }
}

/**
 * Validates a form-data patch against a category schema. Unknown keys are errors, not dropped; `null` clears a
 * field and is always valid. With `requireMandated`, mandated fields empty after merging are REQUIRED_MISSING.
 */
export function validateFormData(
  schema: CategorySchema,
  patch: Record<string, unknown>,
  opts: ValidateOptions = {},
): FieldError[] {
  if (!isPlainObject(patch)) {
    return [fieldError('formData', 'Form data', 'WRONG_TYPE', 'Form data must be a JSON object keyed by field id.')];
  }
  const errors: FieldError[] = [];
  const where = `the ${schema.category} field schema version ${schema.version}`;
  for (const key of Object.keys(patch)) {
    const def = lookup(schema.fields, key);
    if (!def) {
      errors.push(unknownField(key, where));
      continue;
    }
    const value = patch[key];
    if (value !== null && value !== undefined) validateValue(def, value, key, def.label, errors);
  }
  if (opts.requireMandated) {
    const current = isPlainObject(opts.current) ? opts.current : {};
    errors.push(...missingMandatedFields(schema, mergeFormData(current, patch)));
  }
  return errors;
}

/** Applies a patch: `null` removes the key, other values replace it whole; prototype keys are never copied. */
export function mergeFormData(
  current: Record<string, unknown> | null | undefined,
  patch: Record<string, unknown> | null | undefined,
): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(current ?? {})) {
    if (!FORBIDDEN_KEYS.has(key) && value !== undefined) merged[key] = value;
  }
  for (const [key, value] of Object.entries(patch ?? {})) {
    if (FORBIDDEN_KEYS.has(key) || value === undefined) continue;
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/**
 * Mandated fields without a value (absent, null, blank text, empty list), and mandated members missing from the
 * entries of array fields, as REQUIRED_MISSING errors.
 */
export function missingMandatedFields(schema: CategorySchema, formData: Record<string, unknown>): FieldError[] {
  const data = isPlainObject(formData) ? formData : {};
  const errors: FieldError[] = [];
  const missing = (field_id: string, label: string) =>
    errors.push(
      fieldError(
        field_id,
        label,
        'REQUIRED_MISSING',
        `${label} is mandated for a ${schema.category} passport and has no value.`,
      ),
    );
  for (const def of schema.fields) {
    const value = own(data, def.id);
    if (def.mandated && isEmpty(value)) missing(def.id, def.label);
    if (def.type !== 'array' || !Array.isArray(value)) continue;
    value.forEach((item, i) => {
      if (!isPlainObject(item)) return;
      for (const member of def.items ?? []) {
        if (member.mandated && isEmpty(own(item, member.id))) {
          missing(`${def.id}[${i}].${member.id}`, `${def.label}, entry ${i + 1}: ${member.label}`);
        }
      }
    });
  }
  return errors;
}

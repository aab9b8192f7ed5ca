/** The five battery categories of Regulation (EU) 2023/1542 that the service hosts passports for. */
export const BATTERY_CATEGORIES = [
  'EV_BATTERY',
  'LMT_BATTERY',
  'INDUSTRIAL_BATTERY',
  'SLI_BATTERY',
  'PORTABLE_BATTERY',
] as const;
export type BatteryCategory = (typeof BATTERY_CATEGORIES)[number];

export const FIELD_TYPES = [
  'string',
  'number',
  'integer',
  'boolean',
  'date',
  'enum',
  'multi_enum',
  'url',
  'country',
  'array',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** The three access tiers of Battery Regulation Art. 77 and Annex XIII. */
export const ACCESS_TIERS = ['public', 'legitimate_interest', 'authority'] as const;
export type AccessTier = (typeof ACCESS_TIERS)[number];

/** Which member of the public DPP object (or viewer section) a field feeds. */
export const FIELD_GROUPS = [
  'identity',
  'manufacturer',
  'compliance',
  'carbonFootprint',
  'supplyChain',
  'materials',
  'hazardousSubstances',
  'recycledContent',
  'performance',
  'endOfLife',
] as const;
export type FieldGroup = (typeof FIELD_GROUPS)[number];

export interface FieldOption {
  value: string;
  label: string;
}

/** Where a field comes from: Battery Pass attribute number(s) and the regulation article it implements. */
export interface FieldReference {
  batteryPass: number[];
  regulation: string;
  /**
   * The IDTA 02035 "Digital Battery Passport" submodel element this field maps to, where the template has one:
   * the template's part (e.g. `02035-3` for Carbon Footprint), the element's semanticId and its idShort path in
   * the submodel (dot-separated).
   */
  idta?: { part: string; semanticId: string; idShortPath: string };
}

export interface FieldDefinition {
  id: string;
  label: string;
  type: FieldType;
  unit: string | null;
  mandated: boolean;
  min?: number;
  max?: number;
  /** Maximum length for strings and maximum item count for arrays. */
  maxLength?: number;
  pattern?: string;
  /** The rule `pattern` expresses, in words: a refused value's message says it instead of the expression. */
  patternMessage?: string;
  options?: FieldOption[];
  /** Members of each object of an `array` field. */
  items?: FieldDefinition[];
  access: AccessTier;
  group: FieldGroup;
  dynamic: boolean;
  example: unknown;
  reference: FieldReference;
  description?: string;
  /**
   * `model`: shared by every unit of a battery model; `item`: per unit (serial data, manufacture, dynamic data).
   * Absent in schema versions older than levels, where every field reads as model-level and overridable.
   */
  level?: 'model' | 'item';
  /** Model-level fields only: whether an item may override the value its model sets. */
  overridable?: boolean;
}

export interface CategorySchema {
  category: BatteryCategory;
  version: number;
  fields: FieldDefinition[];
}

/** The six field error codes of the contract's "Field error" resource. */
export const FIELD_ERROR_CODES = [
  'REQUIRED_MISSING',
  'WRONG_TYPE',
  'INVALID_OPTION',
  'OUT_OF_RANGE',
  'PATTERN_MISMATCH',
  'UNKNOWN_FIELD',
  'WRONG_LEVEL',
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

export interface FieldError {
  field_id: string;
  label: string;
  code: FieldErrorCode;
  message: string;
}

import type { FieldErrorCode } from '../schema/types';

/** The decimal separator of an ERP export: a comma in most of Europe, a point elsewhere. */
export type DecimalSeparator = ',' | '.';
export const THOUSANDS_SEPARATORS = ['.', ',', ' ', "'"] as const;
export type ThousandsSeparator = (typeof THOUSANDS_SEPARATORS)[number];
export const DATE_FORMATS = [
  'YYYY-MM-DD',
  'DD.MM.YYYY',
  'DD/MM/YYYY',
  'MM/DD/YYYY',
  'YYYYMMDD',
  'excel-serial',
] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** How one ERP cell becomes a field value; absent means the field type's plain reading (see cell.ts). */
export type Transform =
  | { type: 'number'; decimalSeparator: DecimalSeparator; thousandsSeparator?: ThousandsSeparator }
  | { type: 'percent'; scale: 'fraction' | 'percent'; decimalSeparator?: DecimalSeparator }
  | { type: 'unit'; from: string; to: string; decimalSeparator?: DecimalSeparator }
  | { type: 'date'; format: DateFormat }
  | { type: 'enum'; map: Record<string, string> }
  | { type: 'boolean'; trueWords: string[]; falseWords: string[] }
  | { type: 'trim' }
  | { type: 'none' };

/** A passport's identity, which a mapping column may feed instead of a schema field (imports match rows by it). */
export const IDENTITY_TARGETS = ['serialNumber', 'batchNumber', 'gtin', 'name'] as const;
export type IdentityTarget = (typeof IDENTITY_TARGETS)[number];
export const isIdentityTarget = (id: string): id is IdentityTarget =>
  (IDENTITY_TARGETS as readonly string[]).includes(id);

/**
 * One column of a mapping: the ERP column name, the schema field (or identity target) it feeds, and how its cells
 * are read.
 */
export interface MappingColumn {
  column: string;
  fieldId: string;
  transform?: Transform;
}

/** A cell's value, or why it has none; the message states the rule, never the cell. */
export type TransformResult = { ok: true; value: unknown } | { ok: false; code: FieldErrorCode; message: string };

export const accepted = (value: unknown): TransformResult => ({ ok: true, value });
export const failure = (code: FieldErrorCode, message: string): TransformResult => ({ ok: false, code, message });

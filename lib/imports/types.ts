import type { IdentityTarget, Transform } from '../erp/types';

/** The file formats an import reads, decided by the file's bytes. */
export const IMPORT_FORMATS = ['csv', 'xlsx', 'jsonl'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export { IDENTITY_TARGETS, type IdentityTarget, isIdentityTarget } from '../erp/types';

/** What an ImportRow records of a data row. */
export const ROW_OUTCOMES = ['created', 'updated', 'unchanged', 'failed'] as const;
export type RowOutcome = (typeof ROW_OUTCOMES)[number];

/** Row error codes of an import besides the field error codes and the contract's error codes. */
export const IMPORT_ROW_CODES = { unknownColumn: 'UNKNOWN_COLUMN', duplicateSerial: 'DUPLICATE_SERIAL' } as const;

/** One problem of one row: the column (or JSON key) and field it concerns when known. */
export interface RowError {
  column: string | null;
  fieldId: string | null;
  code: string;
  message: string;
}

/** One data row as read from the file: its number (the header is row 1 of a CSV or XLSX, a JSON Lines line is its line number). */
export type SourceRow =
  | { rowNumber: number; kind: 'cells'; cells: unknown[] }
  | { rowNumber: number; kind: 'object'; value: unknown; problem?: string };

/** A data row through the mapping: the identity columns, the form-data patch, and what could not be read. */
export interface RowInput {
  rowNumber: number;
  identity: Partial<Record<IdentityTarget, string | null>>;
  formData: Record<string, unknown>;
  errors: RowError[];
}

/** A mapping column as the import applies it. */
export interface ImportColumn {
  column: string;
  fieldId: string;
  transform?: Transform;
}

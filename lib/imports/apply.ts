import { cellValue } from '../erp/cell';
import type { DateFormat, Transform } from '../erp/types';
import type { CategorySchema, FieldDefinition, FieldError } from '../schema/types';
import { validateFormData } from '../schema/validate';
import { headerText } from './read';
import {
  IDENTITY_TARGETS,
  type IdentityTarget,
  IMPORT_ROW_CODES,
  type ImportColumn,
  isIdentityTarget,
  type RowError,
  type RowInput,
  type SourceRow,
} from './types';

type Target =
  | { column: string; kind: 'identity'; id: IdentityTarget; transform?: Transform }
  | { column: string; kind: 'field'; field: FieldDefinition; transform?: Transform };

/** How the columns of a header row feed a row: one target per header cell (null: ignored). */
export interface ColumnPlan {
  targets: (Target | null)[];
  /** Columns the mapping names that the header lacks: the file cannot be read. */
  missing: string[];
  /** Header columns the mapping does not name: reported once, their cells ignored. */
  unknown: string[];
}

function targetOf(mapped: ImportColumn, fields: Map<string, FieldDefinition>): Target | null {
  if (isIdentityTarget(mapped.fieldId))
    return { column: mapped.column, kind: 'identity', id: mapped.fieldId, transform: mapped.transform };
  const field = fields.get(mapped.fieldId);
  return field ? { column: mapped.column, kind: 'field', field, transform: mapped.transform } : null;
}

/** The header row against the mapping: exact column names (surrounding blanks ignored). */
export function planColumns(
  header: readonly string[],
  mapping: readonly ImportColumn[],
  schema: CategorySchema,
): ColumnPlan {
  const fields = new Map(schema.fields.map((f) => [f.id, f]));
  const byColumn = new Map(mapping.map((m) => [m.column.trim(), m]));
  const present = new Set(header);
  const used = new Set<string>();
  const unknown: string[] = [];
  const targets = header.map((column) => {
    const mapped = byColumn.get(column);
    if (!mapped || used.has(column)) {
      if (column !== '' && !mapped) unknown.push(column);
      return null;
    }
    used.add(column);
    return targetOf(mapped, fields);
  });
  const missing = [...byColumn.keys()].filter((column) => !present.has(column));
  return { targets, missing, unknown };
}

/** The row-1 error that names the header columns a mapping does not read. */
export function unknownColumnErrors(unknown: readonly string[]): RowError[] {
  return unknown.map((column) => ({
    column,
    fieldId: null,
    code: IMPORT_ROW_CODES.unknownColumn,
    message: `Column "${column.slice(0, 80)}" is not in the mapping; its cells are ignored.`,
  }));
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

function dateText(date: Date, format: DateFormat | undefined): string {
  const [y, m, d] = [pad(date.getUTCFullYear(), 4), pad(date.getUTCMonth() + 1), pad(date.getUTCDate())];
  switch (format) {
    case 'DD.MM.YYYY':
      return `${d}.${m}.${y}`;
    case 'DD/MM/YYYY':
      return `${d}/${m}/${y}`;
    case 'MM/DD/YYYY':
      return `${m}/${d}/${y}`;
    case 'YYYYMMDD':
      return `${y}${m}${d}`;
    case 'excel-serial':
      return String(Math.floor((date.getTime() - EXCEL_EPOCH_MS) / 86_400_000));
    default:
      return `${y}-${m}-${d}`;
  }
}

function numberText(value: number, transform: Transform | undefined): string {
  const text = String(value);
  if (!transform) return text;
  if (transform.type === 'number' || transform.type === 'percent' || transform.type === 'unit')
    return transform.decimalSeparator === ',' ? text.replace('.', ',') : text;
  if (transform.type === 'date' && transform.format !== 'excel-serial')
    return dateText(new Date(EXCEL_EPOCH_MS + Math.floor(value) * 86_400_000), transform.format);
  return text;
}

/**
 * A cell as the text a transform reads. Spreadsheet cells may be typed: a number is written with the transform's
 * decimal separator, a date cell in the transform's date format (YYYY-MM-DD without one), a boolean as the
 * transform's first true or false word; rich text and formulas read as their text and result.
 */
export function cellText(cell: unknown, transform?: Transform): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'number') return numberText(cell, transform);
  if (typeof cell === 'boolean') {
    if (transform?.type === 'boolean') return (cell ? transform.trueWords[0] : transform.falseWords[0]) ?? String(cell);
    return String(cell);
  }
  if (cell instanceof Date) return dateText(cell, transform?.type === 'date' ? transform.format : undefined);
  const object = cell as { result?: unknown; error?: unknown };
  if (object.error !== undefined) return '';
  if (object.result !== undefined) return cellText(object.result, transform);
  return headerText(cell);
}

/** Field errors of a patch as row errors, each with the column that fed its field. */
function fieldErrors(errors: readonly FieldError[], columnOf: (fieldId: string) => string | null): RowError[] {
  return errors.map((e) => {
    const fieldId = e.field_id.split('[')[0];
    return { column: columnOf(fieldId), fieldId: e.field_id, code: e.code, message: e.message };
  });
}

function identityValue(raw: string): string | null {
  const text = raw.trim();
  return text === '' ? null : text;
}

/** A CSV or XLSX data row through the column plan: identity, form data (empty cells left out) and every problem. */
export function rowFromCells(
  plan: ColumnPlan,
  rowNumber: number,
  cells: readonly unknown[],
  schema: CategorySchema,
): RowInput {
  const identity: RowInput['identity'] = {};
  const formData: Record<string, unknown> = {};
  const errors: RowError[] = [];
  const columns = new Map<string, string>();
  plan.targets.forEach((target, i) => {
    if (!target) return;
    const raw = cellText(cells[i], target.transform);
    if (target.kind === 'identity') {
      identity[target.id] = identityValue(raw);
      return;
    }
    if (raw.trim() === '') return;
    const { field } = target;
    columns.set(field.id, target.column);
    const read = cellValue(field, raw, target.transform);
    if (!read.ok) {
      errors.push({
        column: target.column,
        fieldId: field.id,
        code: read.code,
        message: `${field.label}: ${read.message}`,
      });
      return;
    }
    if (read.value !== null) formData[field.id] = read.value;
  });
  errors.push(...fieldErrors(validateFormData(schema, formData), (id) => columns.get(id) ?? null));
  return { rowNumber, identity, formData, errors };
}

const TOP_LEVEL = new Set<string>([...IDENTITY_TARGETS, 'formData']);

/**
 * A JSON Lines row `{serialNumber, batchNumber, gtin, name, formData}`. With a mapping, formData's keys are the
 * mapping's columns and text values go through their transforms; without one they are field ids and values are
 * taken as they are. An unknown top-level key is UNKNOWN_COLUMN; a line that is not a JSON object is MALFORMED_BODY.
 */
export function rowFromObject(
  row: Extract<SourceRow, { kind: 'object' }>,
  mapping: readonly ImportColumn[] | null,
  schema: CategorySchema,
): RowInput {
  const { rowNumber } = row;
  const identity: RowInput['identity'] = {};
  const formData: Record<string, unknown> = {};
  const errors: RowError[] = [];
  if (row.problem) {
    errors.push({ column: null, fieldId: null, code: 'MALFORMED_BODY', message: row.problem });
    return { rowNumber, identity, formData, errors };
  }
  const value = row.value as Record<string, unknown>;
  for (const key of Object.keys(value)) {
    if (!TOP_LEVEL.has(key))
      errors.push({
        column: key,
        fieldId: null,
        code: IMPORT_ROW_CODES.unknownColumn,
        message: `"${key.slice(0, 80)}" is not a key of an import row (serialNumber, batchNumber, gtin, name, formData).`,
      });
  }
  for (const id of IDENTITY_TARGETS) {
    const v = value[id];
    if (v === undefined) continue;
    if (v === null || typeof v === 'string') identity[id] = v === null ? null : identityValue(v);
    else errors.push({ column: id, fieldId: null, code: 'WRONG_TYPE', message: `${id} must be a string or null.` });
  }
  const data = value.formData;
  if (data !== undefined && (typeof data !== 'object' || data === null || Array.isArray(data))) {
    errors.push({ column: 'formData', fieldId: null, code: 'WRONG_TYPE', message: 'formData must be a JSON object.' });
    return { rowNumber, identity, formData, errors };
  }
  const columns = new Map<string, string>();
  const fields = new Map(schema.fields.map((f) => [f.id, f]));
  const byColumn = mapping ? new Map(mapping.map((m) => [m.column, m])) : null;
  for (const [key, v] of Object.entries((data ?? {}) as Record<string, unknown>)) {
    if (!byColumn) {
      formData[key] = v;
      columns.set(key, key);
      continue;
    }
    const mapped = byColumn.get(key);
    const target = mapped ? targetOf(mapped, fields) : null;
    if (!target) {
      errors.push({
        column: key,
        fieldId: null,
        code: IMPORT_ROW_CODES.unknownColumn,
        message: `"${key.slice(0, 80)}" is not a column of the mapping.`,
      });
      continue;
    }
    if (target.kind === 'identity') {
      if (v === null || typeof v === 'string') identity[target.id] = v === null ? null : identityValue(v);
      continue;
    }
    columns.set(target.field.id, key);
    if (typeof v !== 'string') {
      formData[target.field.id] = v;
      continue;
    }
    if (v.trim() === '') continue;
    const read = cellValue(target.field, v, target.transform);
    if (read.ok) formData[target.field.id] = read.value;
    else
      errors.push({
        column: key,
        fieldId: target.field.id,
        code: read.code,
        message: `${target.field.label}: ${read.message}`,
      });
  }
  errors.push(...fieldErrors(validateFormData(schema, formData), (id) => columns.get(id) ?? null));
  return { rowNumber, identity, formData, errors };
}

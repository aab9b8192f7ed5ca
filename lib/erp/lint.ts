import type { CategorySchema, FieldDefinition, FieldErrorCode } from '../schema/types';
import { missingMandatedFields, validateFormData } from '../schema/validate';
import { cellValue } from './cell';
import { suggestFields } from './suggest';
import { isIdentityTarget, type MappingColumn } from './types';

export interface LintInput {
  columns: readonly string[];
  /** Without a mapping a column feeds the field of its own name (the ERP template's header row is field ids). */
  mapping?: readonly MappingColumn[] | null;
  sampleRows?: readonly (readonly string[])[];
}

export interface SampleError {
  /** 1 is the first sample row. */
  row: number;
  column: string;
  field_id: string;
  code: FieldErrorCode;
  message: string;
}

export interface LintReport {
  ok: boolean;
  unknownColumns: { column: string; suggestions: string[] }[];
  unmappedMandatedFields: { field_id: string; label: string }[];
  duplicateTargets: { fieldId: string; columns: string[] }[];
  sampleErrors: SampleError[];
  /** True when more sample errors were found than the report lists. */
  sampleErrorsTruncated: boolean;
}

export const MAX_SAMPLE_ERRORS = 500;

type Target = { column: string; field: FieldDefinition; mapped?: MappingColumn };

/** Every problem of one cell as field errors; the messages state the rule, never the cell. */
function cellErrors(schema: CategorySchema, target: Target, raw: string) {
  const { field } = target;
  const read = cellValue(field, raw, target.mapped?.transform);
  if (!read.ok) return [{ field_id: field.id, code: read.code, message: `${field.label}: ${read.message}` }];
  if (read.value === null || (Array.isArray(read.value) && read.value.length === 0)) {
    return field.mandated
      ? [
          {
            field_id: field.id,
            code: 'REQUIRED_MISSING' as const,
            message: `${field.label} is mandated and the cell is empty.`,
          },
        ]
      : [];
  }
  const patch = { [field.id]: read.value };
  const members =
    field.type === 'array'
      ? missingMandatedFields(schema, patch).filter((e) => e.field_id.startsWith(`${field.id}[`))
      : [];
  return [...validateFormData(schema, patch), ...members];
}

/**
 * Checks an ERP header row (and sample rows) against a category schema and an optional mapping: columns that
 * feed nothing, with the closest field ids; mandated fields no column feeds; fields fed by several columns; and
 * sample cells that would fail validation, with the spec's field error codes.
 */
export function lintColumns(schema: CategorySchema, input: LintInput): LintReport {
  const fields = new Map(schema.fields.map((f) => [f.id, f]));
  const byColumn = input.mapping ? new Map(input.mapping.map((m) => [m.column, m])) : null;
  const targets: (Target | null)[] = input.columns.map((column) => {
    const mapped = byColumn ? byColumn.get(column) : undefined;
    const field = fields.get(byColumn ? (mapped?.fieldId ?? '') : column);
    return field ? { column, field, mapped } : null;
  });
  const unknownColumns = input.columns
    .filter((column, i) => targets[i] === null && !isIdentityTarget(byColumn?.get(column)?.fieldId ?? ''))
    .map((column) => ({ column, suggestions: suggestFields(column, schema.fields) }));
  const fed = new Map<string, string[]>();
  for (const t of targets) if (t) fed.set(t.field.id, [...(fed.get(t.field.id) ?? []), t.column]);
  const duplicateTargets = [...fed]
    .filter(([, columns]) => columns.length > 1)
    .map(([fieldId, columns]) => ({ fieldId, columns }));
  const unmappedMandatedFields = schema.fields
    .filter((f) => f.mandated && !fed.has(f.id))
    .map((f) => ({ field_id: f.id, label: f.label }));
  const sampleErrors: SampleError[] = [];
  let found = 0;
  (input.sampleRows ?? []).forEach((cells, r) => {
    targets.forEach((target, c) => {
      if (!target) return;
      for (const e of cellErrors(schema, target, cells[c] ?? '')) {
        if (++found <= MAX_SAMPLE_ERRORS)
          sampleErrors.push({
            row: r + 1,
            column: target.column,
            field_id: e.field_id,
            code: e.code,
            message: e.message,
          });
      }
    });
  });
  const ok =
    unknownColumns.length === 0 && unmappedMandatedFields.length === 0 && duplicateTargets.length === 0 && found === 0;
  return {
    ok,
    unknownColumns,
    unmappedMandatedFields,
    duplicateTargets,
    sampleErrors,
    sampleErrorsTruncated: found > MAX_SAMPLE_ERRORS,
  };
}

import type { CategorySchema, FieldDefinition, FieldType } from '../schema/types';
import { isIdentityTarget, type MappingColumn, type Transform } from './types';
import { convertible, isKnownUnit } from './units';

/** One refusal of a mapping's columns, in the shape of VALIDATION_ERROR's details.issues. */
export interface ColumnIssue {
  path: string;
  code: 'unknown_field' | 'duplicate_column' | 'transform_mismatch';
  message: string;
}

const NUMERIC: FieldType[] = ['number', 'integer'];
const TEXTUAL: FieldType[] = ['string', 'enum', 'multi_enum', 'country'];

/** The field types a transform can feed; trim and none feed any. */
const FEEDS: Record<Transform['type'], FieldType[] | 'any'> = {
  number: NUMERIC,
  percent: NUMERIC,
  unit: NUMERIC,
  date: ['date'],
  enum: TEXTUAL,
  boolean: ['boolean'],
  trim: 'any',
  none: 'any',
};

const quoted = (column: string) => `"${column.length > 80 ? `${column.slice(0, 80)}…` : column}"`;

function transformProblem(t: Transform, field: FieldDefinition): string | null {
  const feeds = FEEDS[t.type];
  if (feeds !== 'any' && !feeds.includes(field.type))
    return `a ${t.type} transform cannot feed the ${field.type} field ${field.id}`;
  if (t.type !== 'unit') return null;
  if (!convertible(t.from, t.to)) return `${t.from} cannot be converted to ${t.to}`;
  if (field.unit && isKnownUnit(field.unit) && field.unit !== t.to)
    return `field ${field.id} is in ${field.unit}, so convert to ${field.unit}`;
  return null;
}

/**
 * What makes a mapping unusable for its category's schema: a field id the schema does not have (the identity targets
 * serialNumber, batchNumber, gtin and name aside), a column named twice, a transform that cannot produce the field's
 * type or unit. Each issue names the column.
 */
export function checkMappingColumns(
  schema: CategorySchema,
  columns: readonly MappingColumn[],
  at = 'columns',
): ColumnIssue[] {
  const fields = new Map(schema.fields.map((f) => [f.id, f]));
  const seen = new Set<string>();
  const issues: ColumnIssue[] = [];
  columns.forEach((c, i) => {
    const name = quoted(c.column);
    if (seen.has(c.column))
      issues.push({ path: `${at}.${i}.column`, code: 'duplicate_column', message: `Column ${name} is mapped twice.` });
    seen.add(c.column);
    if (isIdentityTarget(c.fieldId)) {
      if (c.transform && c.transform.type !== 'trim' && c.transform.type !== 'none') {
        const message = `Column ${name}: the identity target ${c.fieldId} takes its text as it is (trim or none).`;
        issues.push({ path: `${at}.${i}.transform`, code: 'transform_mismatch', message });
      }
      return;
    }
    const field = fields.get(c.fieldId);
    if (!field) {
      const message = `Column ${name}: ${quoted(c.fieldId)} is not a field of the ${schema.category} schema version ${schema.version}.`;
      issues.push({ path: `${at}.${i}.fieldId`, code: 'unknown_field', message });
      return;
    }
    const problem = c.transform ? transformProblem(c.transform, field) : null;
    if (problem)
      issues.push({ path: `${at}.${i}.transform`, code: 'transform_mismatch', message: `Column ${name}: ${problem}.` });
  });
  return issues;
}

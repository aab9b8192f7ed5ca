import type { CategorySchema, FieldType } from './types';

/** One column of the spreadsheet an ERP export fills: the column is named by the field id it feeds. */
export interface ErpTemplateColumn {
  column: string;
  fieldId: string;
  label: string;
  type: FieldType;
  unit: string | null;
  mandated: boolean;
  example: unknown;
}

export interface ErpTemplate {
  category: string;
  schemaVersion: number;
  columns: ErpTemplateColumn[];
}

/** Every field of the schema in schema order, each with the example value the schema carries. */
export function buildErpTemplate(schema: CategorySchema): ErpTemplate {
  return {
    category: schema.category,
    schemaVersion: schema.version,
    columns: schema.fields.map((f) => ({
      column: f.id,
      fieldId: f.id,
      label: f.label,
      type: f.type,
      unit: f.unit,
      mandated: f.mandated,
      example: f.example ?? null,
    })),
  };
}

/** A value as one CSV cell: lists and objects (multi_enum, array fields) as the JSON the API accepts. */
export function csvCellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** RFC 4180: a cell holding a quote, comma, CR or LF is quoted, its quotes doubled. */
export function csvCell(value: unknown): string {
  const text = csvCellText(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The template as CSV: a header row of field ids and one example row, CRLF line breaks (RFC 4180). */
export function erpTemplateCsv(template: ErpTemplate): string {
  const header = template.columns.map((c) => csvCell(c.column)).join(',');
  const example = template.columns.map((c) => csvCell(c.example)).join(',');
  return `${header}\r\n${example}\r\n`;
}

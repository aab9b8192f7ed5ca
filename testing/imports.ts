import ExcelJS from 'exceljs';
import type { Db, Tx } from '../lib/db/client';
import { prisma } from '../lib/db/client';
import { createMapping } from '../lib/erp/mappings/create-mapping';
import type { MappingColumn } from '../lib/erp/types';
import { withCheckDigit } from '../lib/gs1/gtin';
import { createImport } from '../lib/imports/create-import';
import { type ProcessOptions, processImport } from '../lib/imports/process';
import { keyCtx } from './domain';
import { tag } from './drafts';

/** Shared kits for import tests (domain, e2e, resilience, portal): files built in memory, mappings, German rows. */

/** A cell as a spreadsheet has it: text, a number, a date, or empty. */
export type Cell = string | number | Date | boolean | null;

const quoteCsv = (cell: string, delimiter: string) =>
  /["\r\n]/.test(cell) || cell.includes(delimiter) ? `"${cell.replace(/"/g, '""')}"` : cell;

function csvCell(cell: Cell): string {
  if (cell === null) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell);
}

/** A CSV file: header then rows, `;` by default as German ERP exports write it, CRLF lines, optional BOM. */
export function csvFile(
  header: readonly string[],
  rows: readonly (readonly Cell[])[],
  opts: { delimiter?: ',' | ';'; bom?: boolean } = {},
): Buffer {
  const d = opts.delimiter ?? ';';
  const lines = [header, ...rows].map((r) => r.map((c) => quoteCsv(csvCell(c), d)).join(d));
  return Buffer.from(`${opts.bom ? '\uFEFF' : ''}${lines.join('\r\n')}\r\n`, 'utf8');
}

/** An XLSX workbook with one worksheet (built with exceljs's writer): numbers and dates stay typed cells. */
export async function xlsxFile(header: readonly string[], rows: readonly (readonly Cell[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Export');
  sheet.addRow([...header]);
  for (const row of rows) sheet.addRow(row.map((c) => (c === null ? undefined : c)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A JSON Lines file, one object (or raw line, when a string) per line. */
export function jsonlFile(lines: readonly (object | string)[]): Buffer {
  return Buffer.from(`${lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n')}\n`, 'utf8');
}

/** A PNG's first bytes: a file no import reads. */
export const PNG_BYTES = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** A fresh valid GTIN-13 (random, with its check digit). */
export const testGtin = () =>
  withCheckDigit(`40${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`.slice(0, 12));

/** The columns of a German ERP export of EV batteries, as GERMAN_MAPPING reads them. */
export const GERMAN_HEADER = [
  'Seriennummer',
  'GTIN',
  'Bezeichnung',
  'Modellnummer',
  'Masse (kg)',
  'Herstelldatum',
  'Zellchemie',
  'Garantie (Monate)',
] as const;

/** The mapping of GERMAN_HEADER: identity columns, `1.234,5` numbers, DD.MM.YYYY dates, chemistry names to codes. */
export const GERMAN_MAPPING: MappingColumn[] = [
  { column: 'Seriennummer', fieldId: 'serialNumber' },
  { column: 'GTIN', fieldId: 'gtin' },
  { column: 'Bezeichnung', fieldId: 'name' },
  { column: 'Modellnummer', fieldId: 'model_number' },
  {
    column: 'Masse (kg)',
    fieldId: 'battery_mass_kg',
    transform: { type: 'number', decimalSeparator: ',', thousandsSeparator: '.' },
  },
  { column: 'Herstelldatum', fieldId: 'manufacturing_date', transform: { type: 'date', format: 'DD.MM.YYYY' } },
  {
    column: 'Zellchemie',
    fieldId: 'battery_chemistry',
    transform: { type: 'enum', map: { 'Lithium-Eisenphosphat': 'LFP', 'Nickel-Mangan-Kobalt': 'NMC' } },
  },
  { column: 'Garantie (Monate)', fieldId: 'warranty_period_months' },
];

export interface GermanRow {
  serial: string;
  gtin: string;
  name?: string;
  model?: string;
  mass?: string;
  date?: string;
  chemistry?: string;
  warranty?: string;
}

/** One GERMAN_HEADER row (strings as the ERP writes them). */
export const germanCells = (r: GermanRow): Cell[] => [
  r.serial,
  r.gtin,
  r.name ?? `Akku ${r.serial}`,
  r.model ?? 'M-7',
  r.mass ?? '1.234,5',
  r.date ?? '24.12.2025',
  r.chemistry ?? 'Lithium-Eisenphosphat',
  r.warranty ?? '96',
];

/** `count` good German rows for one GTIN, serials `<prefix>-0001`…, names unique by the serial. */
export function germanRows(count: number, gtin: string, prefix = `S${tag().slice(0, 6)}`): GermanRow[] {
  return Array.from({ length: count }, (_, i) => ({
    serial: `${prefix}-${String(i + 1).padStart(4, '0')}`,
    gtin,
    name: `Akku ${prefix} ${i + 1}`,
  }));
}

/** A GERMAN_MAPPING (or the given columns) for EV batteries in the company, created through the mapping verb. */
export function createTestMapping(
  companyId: string,
  columns: MappingColumn[] = GERMAN_MAPPING,
  db: Db | Tx = prisma,
  categoryCode = 'EV_BATTERY',
) {
  return createMapping({ ctx: keyCtx(companyId), db, input: { name: `ERP ${tag()}`, categoryCode, columns } });
}

/** An import created through the verb (as an API key of the company would) and worked through by the engine in this process. */
export async function importAndProcess(
  companyId: string,
  file: Uint8Array,
  parts: { mappingId?: string | null; modelId?: string | null; categoryCode?: string | null; fileName?: string } = {},
  options: ProcessOptions = {},
) {
  const ctx = keyCtx(companyId);
  const job = await createImport({ ctx, input: { file, fileName: parts.fileName ?? 'export.csv', ...parts } });
  const result = await processImport(job.id, options);
  return { job: await prisma.importJob.findUniqueOrThrow({ where: { id: job.id } }), result };
}

/** Every row error of an import as [rowNumber, column, code], in order. */
export async function importErrors(importId: string) {
  const rows = await prisma.importRowError.findMany({
    where: { importId },
    orderBy: [{ rowNumber: 'asc' }, { id: 'asc' }],
  });
  return rows.map((r) => [r.rowNumber, r.column, r.code] as const);
}

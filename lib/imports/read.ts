import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { sniffDelimiter, textProbe } from './sniff';
import type { ImportFormat, SourceRow } from './types';

/** A fresh stream of the file's bytes each call: the reader and the row counter each read the file from the start. */
export type OpenFile = () => Promise<Readable>;

/** Bytes held in memory as a stream (uploads, tests). */
export const openBytes =
  (bytes: Uint8Array): OpenFile =>
  async () =>
    Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]);

/** The file's first chunks (up to 64 KiB), for the delimiter; the stream is closed after. */
async function probe(open: OpenFile): Promise<string> {
  const stream = await open();
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      chunks.push(buffer);
      length += buffer.length;
      if (length >= 64 * 1024) break;
    }
  } finally {
    stream.destroy();
  }
  return textProbe(Buffer.concat(chunks)) ?? '';
}

async function* csvRows(open: OpenFile): AsyncGenerator<SourceRow> {
  const delimiter = sniffDelimiter(await probe(open));
  const parser = (await open()).pipe(
    parse({ delimiter, bom: true, relax_column_count: true, skip_empty_lines: true, trim: false }),
  );
  let rowNumber = 0;
  for await (const record of parser as AsyncIterable<string[]>) {
    rowNumber++;
    yield { rowNumber, kind: 'cells', cells: record };
  }
}

/** The first worksheet's rows; empty rows are not rows. A row's number is the sheet's own row number. */
async function* xlsxRows(open: OpenFile): AsyncGenerator<SourceRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(await open(), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'emit',
  });
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      if (values.every((v) => v === null || v === undefined || v === '')) continue;
      yield { rowNumber: row.number, kind: 'cells', cells: Array.from(values, (v) => v ?? null) };
    }
    return;
  }
}

/** One object per non-blank line; a line that is not a JSON object is a row with a problem. */
async function* jsonlRows(open: OpenFile): AsyncGenerator<SourceRow> {
  const lines = createInterface({ input: await open(), crlfDelay: Number.POSITIVE_INFINITY });
  let rowNumber = 0;
  for await (const raw of lines) {
    rowNumber++;
    const line = rowNumber === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      yield { rowNumber, kind: 'object', value: null, problem: 'The line is not valid JSON.' };
      continue;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      yield { rowNumber, kind: 'object', value: null, problem: 'The line is not a JSON object.' };
    else yield { rowNumber, kind: 'object', value };
  }
}

/**
 * The file's rows in order, streamed: a CSV through csv-parse (delimiter `,` or `;` sniffed from the header line,
 * a BOM dropped), an XLSX through exceljs's streaming reader (first worksheet only), JSON Lines line by line. For a
 * CSV or XLSX the first row is the header.
 */
export function readRows(format: ImportFormat, open: OpenFile): AsyncGenerator<SourceRow> {
  switch (format) {
    case 'csv':
      return csvRows(open);
    case 'xlsx':
      return xlsxRows(open);
    case 'jsonl':
      return jsonlRows(open);
  }
}

/** The header row of a CSV or XLSX (its cells as text), or null when the file has no row at all. */
export async function readHeader(format: 'csv' | 'xlsx', open: OpenFile): Promise<string[] | null> {
  const rows = readRows(format, open);
  try {
    const first = await rows.next();
    if (first.done || first.value.kind !== 'cells') return null;
    return first.value.cells.map((cell) => headerText(cell));
  } finally {
    await rows.return(undefined);
  }
}

/** A header cell's text: rich text and formulas read as their text, surrounding blanks trimmed. */
export function headerText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') return cell.trim();
  if (typeof cell === 'number' || typeof cell === 'boolean') return String(cell);
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  const object = cell as { richText?: { text: string }[]; text?: unknown; result?: unknown };
  if (Array.isArray(object.richText))
    return object.richText
      .map((r) => r.text)
      .join('')
      .trim();
  if (typeof object.text === 'string') return object.text.trim();
  if (object.result !== undefined) return headerText(object.result);
  return '';
}

import { describe, expect, it } from 'vitest';
import {
  csvFile,
  GERMAN_HEADER,
  GERMAN_MAPPING,
  germanCells,
  jsonlFile,
  PNG_BYTES,
  xlsxFile,
} from '../../testing/imports';
import { CATEGORY_SCHEMAS } from '../schema/categories';
import { cellText, planColumns, rowFromCells, rowFromObject } from './apply';
import { openBytes, readHeader, readRows } from './read';
import { sniffDelimiter, sniffImportFormat } from './sniff';
import type { SourceRow } from './types';

const schema = CATEGORY_SCHEMAS.EV_BATTERY;

async function all(rows: AsyncGenerator<SourceRow>) {
  const out: SourceRow[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

describe('sniffImportFormat: the file type by its bytes alone', () => {
  it('tells XLSX, CSV (with or without BOM) and JSON Lines apart, and refuses a PNG, empty and binary bytes', async () => {
    expect(sniffImportFormat(await xlsxFile(['a'], [['1']]))).toBe('xlsx');
    expect(sniffImportFormat(csvFile(['a', 'b'], [['1', '2']]))).toBe('csv');
    expect(sniffImportFormat(csvFile(['a', 'b'], [['1', '2']], { bom: true }))).toBe('csv');
    expect(sniffImportFormat(jsonlFile([{ serialNumber: 'S1' }]))).toBe('jsonl');
    expect(sniffImportFormat(PNG_BYTES)).toBeNull();
    expect(sniffImportFormat(new Uint8Array())).toBeNull();
    expect(sniffImportFormat(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0]))).toBeNull();
  });

  it('sniffs the delimiter from the header line: `;` for German exports, `,` otherwise, quotes respected', () => {
    expect(sniffDelimiter('Seriennummer;Masse (kg);GTIN\r\n')).toBe(';');
    expect(sniffDelimiter('serial,mass,gtin\n')).toBe(',');
    expect(sniffDelimiter('\uFEFF"a;b",c\n')).toBe(',');
  });
});

describe('readRows: streaming readers', () => {
  it('reads a `;` CSV with a BOM and quoted cells, numbering records from the header (row 1)', async () => {
    const file = csvFile(
      ['Serial', 'Note'],
      [
        ['S1', 'a;b "c"'],
        ['S2', ''],
      ],
      { bom: true },
    );
    const rows = await all(readRows('csv', openBytes(file)));
    expect(rows).toEqual([
      { rowNumber: 1, kind: 'cells', cells: ['Serial', 'Note'] },
      { rowNumber: 2, kind: 'cells', cells: ['S1', 'a;b "c"'] },
      { rowNumber: 3, kind: 'cells', cells: ['S2', ''] },
    ]);
  });

  it('reads an XLSX made by exceljs with typed numbers and dates, by sheet row number', async () => {
    const file = await xlsxFile(['Serial', 'Mass', 'Date'], [['S1', 1234.5, new Date(Date.UTC(2025, 11, 24))]]);
    const rows = await all(readRows('xlsx', openBytes(file)));
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ rowNumber: 2, cells: ['S1', 1234.5, expect.any(Date)] });
    expect(await readHeader('xlsx', openBytes(file))).toEqual(['Serial', 'Mass', 'Date']);
  });

  it('reads JSON Lines by line number, blank lines skipped, a broken line a row with its problem', async () => {
    const rows = await all(readRows('jsonl', openBytes(jsonlFile([{ a: 1 }, '', '[1]', '{nope']))));
    expect(rows).toEqual([
      { rowNumber: 1, kind: 'object', value: { a: 1 } },
      { rowNumber: 3, kind: 'object', value: null, problem: 'The line is not a JSON object.' },
      { rowNumber: 4, kind: 'object', value: null, problem: 'The line is not valid JSON.' },
    ]);
  });
});

describe('planColumns and rowFromCells: a row through a mapping', () => {
  it('finds missing mapped columns and unknown columns in the header', () => {
    const plan = planColumns(['Seriennummer', 'GTIN', 'Farbe'], GERMAN_MAPPING, schema);
    expect(plan.unknown).toEqual(['Farbe']);
    expect(plan.missing).toEqual(GERMAN_HEADER.filter((c) => c !== 'Seriennummer' && c !== 'GTIN'));
  });

  it('reads identity columns, German numbers (1.234,5), DD.MM.YYYY dates and mapped enum names', () => {
    const plan = planColumns([...GERMAN_HEADER], GERMAN_MAPPING, schema);
    const row = rowFromCells(plan, 2, germanCells({ serial: 'S-1', gtin: '4006381333931' }), schema);
    expect(row.errors).toEqual([]);
    expect(row.identity).toEqual({ serialNumber: 'S-1', gtin: '4006381333931', name: 'Akku S-1' });
    expect(row.formData).toEqual({
      model_number: 'M-7',
      battery_mass_kg: 1234.5,
      manufacturing_date: '2025-12-24',
      battery_chemistry: 'LFP',
      warranty_period_months: 96,
    });
  });

  it('reports a bad number, a bad date and an enum miss with field error codes and the column', () => {
    const plan = planColumns([...GERMAN_HEADER], GERMAN_MAPPING, schema);
    const cells = germanCells({
      serial: 'S-1',
      gtin: '4006381333931',
      mass: '12,3,4',
      date: '31.02.2025',
      chemistry: 'Blei',
    });
    const row = rowFromCells(plan, 5, cells, schema);
    expect(row.errors.map((e) => [e.column, e.fieldId, e.code])).toEqual([
      ['Masse (kg)', 'battery_mass_kg', 'WRONG_TYPE'],
      ['Herstelldatum', 'manufacturing_date', 'PATTERN_MISMATCH'],
      ['Zellchemie', 'battery_chemistry', 'INVALID_OPTION'],
    ]);
  });

  it('writes typed spreadsheet cells as the transform reads them', () => {
    expect(cellText(1234.5, { type: 'number', decimalSeparator: ',' })).toBe('1234,5');
    expect(cellText(new Date(Date.UTC(2025, 11, 24)), { type: 'date', format: 'DD.MM.YYYY' })).toBe('24.12.2025');
    expect(cellText(new Date(Date.UTC(2025, 11, 24)))).toBe('2025-12-24');
    expect(cellText({ richText: [{ text: 'LF' }, { text: 'P' }] })).toBe('LFP');
    expect(cellText({ formula: 'A1*2', result: 3 })).toBe('3');
  });
});

describe('rowFromObject: JSON Lines rows', () => {
  it('takes identity keys and formData by field id without a mapping', () => {
    const row = rowFromObject(
      {
        rowNumber: 1,
        kind: 'object',
        value: { serialNumber: 'S1', gtin: '4006381333931', formData: { battery_mass_kg: 12 } },
      },
      null,
      schema,
    );
    expect(row).toMatchObject({
      identity: { serialNumber: 'S1', gtin: '4006381333931' },
      formData: { battery_mass_kg: 12 },
      errors: [],
    });
  });

  it('refuses unknown top-level keys, wrong identity types and unknown fields', () => {
    const row = rowFromObject(
      { rowNumber: 2, kind: 'object', value: { serialNumber: 7, colour: 'red', formData: { nope: 1 } } },
      null,
      schema,
    );
    expect(row.errors.map((e) => e.code).sort()).toEqual(['UNKNOWN_COLUMN', 'UNKNOWN_FIELD', 'WRONG_TYPE']);
  });

  it('with a mapping reads formData keys as columns through their transforms', () => {
    const row = rowFromObject(
      {
        rowNumber: 3,
        kind: 'object',
        value: { formData: { 'Masse (kg)': '1.234,5', Seriennummer: 'S9', Farbe: 'x' } },
      },
      GERMAN_MAPPING,
      schema,
    );
    expect(row.formData).toEqual({ battery_mass_kg: 1234.5 });
    expect(row.identity.serialNumber).toBe('S9');
    expect(row.errors.map((e) => [e.column, e.code])).toEqual([['Farbe', 'UNKNOWN_COLUMN']]);
  });

  it('marks a line that is not an object as MALFORMED_BODY', () => {
    const row = rowFromObject({ rowNumber: 4, kind: 'object', value: null, problem: 'x' }, null, schema);
    expect(row.errors[0].code).toBe('MALFORMED_BODY');
  });
});

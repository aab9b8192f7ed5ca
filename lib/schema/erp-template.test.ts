import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { testField } from '../../testing/fields';
import { CATEGORY_SCHEMAS } from './categories';
import { buildErpTemplate, csvCell, erpTemplateCsv } from './erp-template';
import type { CategorySchema, FieldDefinition } from './types';

/** The template read by an independent RFC 4180 parser (CRLF records, the last one terminated too). */
function readCsv(text: string): string[][] {
  if (!text.endsWith('\r\n')) throw new Error('the last record has no CRLF');
  return parse(text, { record_delimiter: '\r\n', relax_column_count: true });
}

const field = (id: string, type: FieldDefinition['type'], example: unknown, mandated = false) =>
  testField(id, type, {
    label: `Label ${id}`,
    mandated,
    example,
    reference: { batteryPass: [], regulation: 'Art. 77' },
  });

const schema: CategorySchema = {
  category: 'EV_BATTERY',
  version: 3,
  fields: [
    field('manufacturer_name', 'string', 'Acme, "Cells" GmbH', true),
    field('rated_capacity_ah', 'number', 120.5),
    field('ce_marking', 'boolean', true),
    field('critical_raw_materials', 'multi_enum', ['cobalt', 'lithium']),
    field('hazardous_substances', 'array', [{ name: 'Lead', cas_number: '7439-92-1' }]),
    field('notes', 'string', 'line one\nline two'),
    field('no_example', 'string', undefined),
  ],
};

describe('buildErpTemplate', () => {
  it('gives one column per field, in schema order, named by the field id, with label, type, unit, mandated and example', () => {
    const template = buildErpTemplate(schema);
    expect(template.category).toBe('EV_BATTERY');
    expect(template.schemaVersion).toBe(3);
    expect(template.columns.map((c) => c.column)).toEqual(schema.fields.map((f) => f.id));
    expect(template.columns[0]).toEqual({
      column: 'manufacturer_name',
      fieldId: 'manufacturer_name',
      label: 'Label manufacturer_name',
      type: 'string',
      unit: null,
      mandated: true,
      example: 'Acme, "Cells" GmbH',
    });
    expect(template.columns.at(-1)!.example).toBeNull();
  });

  it('covers every field of a real category schema', () => {
    const ev = CATEGORY_SCHEMAS.EV_BATTERY;
    expect(buildErpTemplate(ev).columns.map((c) => c.fieldId)).toEqual(ev.fields.map((f) => f.id));
  });
});

describe('erpTemplateCsv', () => {
  it('writes a header row of field ids and one example row, each record ended by CRLF', () => {
    const rows = readCsv(erpTemplateCsv(buildErpTemplate(schema)));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual(schema.fields.map((f) => f.id));
    expect(rows[1]).toEqual([
      'Acme, "Cells" GmbH',
      '120.5',
      'true',
      '["cobalt","lithium"]',
      '[{"name":"Lead","cas_number":"7439-92-1"}]',
      'line one\nline two',
      '',
    ]);
  });

  it('quotes only cells that need it and doubles the quotes inside', () => {
    expect(csvCell('plain text')).toBe('plain text');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('cr\rlf')).toBe('"cr\rlf"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(0)).toBe('0');
  });

  it('round-trips the examples of every real category through an RFC 4180 reader', () => {
    for (const category of Object.values(CATEGORY_SCHEMAS)) {
      const template = buildErpTemplate(category);
      const [header, example] = readCsv(erpTemplateCsv(template));
      expect(header).toEqual(template.columns.map((c) => c.fieldId));
      expect(example).toHaveLength(template.columns.length);
      template.columns.forEach((c, i) => {
        const cell = example![i]!;
        if (typeof c.example === 'object' && c.example !== null) expect(JSON.parse(cell)).toEqual(c.example);
        else expect(cell).toBe(c.example === null ? '' : String(c.example));
      });
    }
  });
});

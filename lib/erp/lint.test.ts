import { describe, expect, it } from 'vitest';
import { CATEGORY_SCHEMAS } from '../schema/categories';
import { buildErpTemplate, csvCellText } from '../schema/erp-template';
import { BATTERY_CATEGORIES } from '../schema/types';
import { checkMappingColumns } from './check-columns';
import { lintColumns } from './lint';

const EV = CATEGORY_SCHEMAS.EV_BATTERY;
const template = (schema = EV) => buildErpTemplate(schema);
const header = (schema = EV) => template(schema).columns.map((c) => c.column);
const exampleRow = (schema = EV) => template(schema).columns.map((c) => csvCellText(c.example));

describe('lintColumns', () => {
  it.each(BATTERY_CATEGORIES)(
    'round-trip: the %s ERP template header and its example row lint clean without a mapping',
    (code) => {
      const schema = CATEGORY_SCHEMAS[code];
      const report = lintColumns(schema, { columns: header(schema), sampleRows: [exampleRow(schema)] });
      expect(report).toEqual({
        ok: true,
        unknownColumns: [],
        unmappedMandatedFields: [],
        duplicateTargets: [],
        sampleErrors: [],
        sampleErrorsTruncated: false,
      });
    },
  );

  it('names unknown columns with suggestions and the mandated fields no column feeds', () => {
    const columns = header()
      .filter((c) => c !== 'battery_chemistry' && c !== 'model_number')
      .concat('battery_chemestry');
    const report = lintColumns(EV, { columns });
    expect(report.ok).toBe(false);
    expect(report.unknownColumns).toEqual([
      { column: 'battery_chemestry', suggestions: expect.arrayContaining(['battery_chemistry']) },
    ]);
    expect(report.unknownColumns[0].suggestions[0]).toBe('battery_chemistry');
    expect(report.unmappedMandatedFields.map((f) => f.field_id).sort()).toEqual(['battery_chemistry', 'model_number']);
  });

  it('reads columns through a mapping: renamed columns feed their fields and two columns on one field are duplicate targets', () => {
    const mapping = [
      { column: 'Modell', fieldId: 'model_number' },
      { column: 'Typ', fieldId: 'model_number' },
      {
        column: 'Kapazität',
        fieldId: 'rated_capacity_ah',
        transform: { type: 'number' as const, decimalSeparator: ',' as const },
      },
    ];
    const report = lintColumns(EV, {
      columns: ['Modell', 'Typ', 'Kapazität', 'model_number'],
      mapping,
      sampleRows: [['VX', 'VX', '188,5', '']],
    });
    expect(report.duplicateTargets).toEqual([{ fieldId: 'model_number', columns: ['Modell', 'Typ'] }]);
    expect(report.unknownColumns.map((u) => u.column)).toEqual(['model_number']);
    expect(report.sampleErrors).toEqual([]);
  });

  it('reports sample cells that would fail validation with the field error codes, never echoing the cell', () => {
    const columns = [
      'rated_capacity_ah',
      'battery_chemistry',
      'manufacturing_date',
      'model_number',
      'manufacturer_country',
      'expected_cycle_life',
    ];
    const rows = [
      ['188,5', 'SECRET-CHEM', '14.03.2025', '', 'Germany', '-5'],
      ['188', 'NMC', '2025-03-14', 'VX', 'DE', '1500'],
    ];
    const report = lintColumns(EV, { columns, sampleRows: rows });
    expect(report.sampleErrors.map((e) => [e.row, e.column, e.code])).toEqual([
      [1, 'rated_capacity_ah', 'WRONG_TYPE'],
      [1, 'battery_chemistry', 'INVALID_OPTION'],
      [1, 'manufacturing_date', 'PATTERN_MISMATCH'],
      [1, 'model_number', 'REQUIRED_MISSING'],
      [1, 'manufacturer_country', 'INVALID_OPTION'],
      [1, 'expected_cycle_life', 'OUT_OF_RANGE'],
    ]);
    expect(JSON.stringify(report)).not.toMatch(/SECRET-CHEM|Germany|188,5/);
  });

  it('makes a decimal-comma sample valid through a number transform, and a DD.MM.YYYY date through a date transform', () => {
    const columns = ['Kapazität', 'Datum'];
    const rows = [['188,5', '14.03.2025']];
    const plain = lintColumns(EV, {
      columns,
      mapping: [
        { column: 'Kapazität', fieldId: 'rated_capacity_ah' },
        { column: 'Datum', fieldId: 'manufacturing_date' },
      ],
      sampleRows: rows,
    });
    expect(plain.sampleErrors.map((e) => e.code)).toEqual(['WRONG_TYPE', 'PATTERN_MISMATCH']);
    const mapping = [
      {
        column: 'Kapazität',
        fieldId: 'rated_capacity_ah',
        transform: { type: 'number' as const, decimalSeparator: ',' as const },
      },
      {
        column: 'Datum',
        fieldId: 'manufacturing_date',
        transform: { type: 'date' as const, format: 'DD.MM.YYYY' as const },
      },
    ];
    expect(lintColumns(EV, { columns, mapping, sampleRows: rows }).sampleErrors).toEqual([]);
  });

  it('reads multi_enum cells as JSON or semicolon lists, through an enum map per item', () => {
    const mapping = [
      {
        column: 'CRM',
        fieldId: 'critical_raw_materials',
        transform: { type: 'enum' as const, map: { Co: 'cobalt', Li: 'lithium' } },
      },
    ];
    expect(lintColumns(EV, { columns: ['CRM'], mapping, sampleRows: [['Co; Li']] }).sampleErrors).toEqual([]);
    expect(
      lintColumns(EV, { columns: ['CRM'], mapping, sampleRows: [['Co; Uranium']] }).sampleErrors.map((e) => e.code),
    ).toEqual(['INVALID_OPTION']);
  });

  it('caps the listed sample errors and says so', () => {
    const rows = Array.from({ length: 200 }, () => ['x', 'x', 'x']);
    const report = lintColumns(EV, {
      columns: ['rated_capacity_ah', 'nominal_voltage_v', 'battery_mass_kg'],
      sampleRows: rows,
    });
    expect(report.sampleErrors).toHaveLength(500);
    expect(report.sampleErrorsTruncated).toBe(true);
  });
});

describe('checkMappingColumns', () => {
  it('names every unknown field id, duplicate column and transform that cannot feed its field', () => {
    const issues = checkMappingColumns(EV, [
      { column: 'A', fieldId: 'model_number' },
      { column: 'A', fieldId: 'no_such_field' },
      { column: 'B', fieldId: 'manufacturing_date', transform: { type: 'number', decimalSeparator: ',' } },
      { column: 'C', fieldId: 'rated_energy_kwh', transform: { type: 'unit', from: 'Wh', to: 'MWh' } },
      { column: 'D', fieldId: 'battery_mass_kg', transform: { type: 'unit', from: 'kg', to: 'kWh' } },
      { column: 'E', fieldId: 'rated_energy_kwh', transform: { type: 'unit', from: 'Wh', to: 'kWh' } },
    ]);
    expect(issues.map((i) => [i.path, i.code])).toEqual([
      ['columns.1.column', 'duplicate_column'],
      ['columns.1.fieldId', 'unknown_field'],
      ['columns.2.transform', 'transform_mismatch'],
      ['columns.3.transform', 'transform_mismatch'],
      ['columns.4.transform', 'transform_mismatch'],
    ]);
    expect(issues[1].message).toContain('"A"');
  });

  it('accepts the ERP template as a mapping of every column onto its own field', () => {
    expect(
      checkMappingColumns(
        EV,
        template().columns.map((c) => ({ column: c.column, fieldId: c.fieldId })),
      ),
    ).toEqual([]);
  });
});

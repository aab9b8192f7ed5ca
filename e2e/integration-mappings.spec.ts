// HTTP contract of ERP mappings, through the integrator client: CRUD, every named refusal, and the lint (unknown
// columns with suggestions, unmapped mandated fields, duplicate targets, sample errors, transforms, template round-trip).
import { randomInt } from 'node:crypto';
import type { ErpMappingColumn } from '../lib/client/mappings';
import { expect, test } from '../testing/e2e/fixtures';
import { db, newKey, newTenant, refusal } from '../testing/e2e/integration';

const uniqueName = (what = 'SAP export') => `${what} ${randomInt(1e9)}`;
const COLUMNS: ErpMappingColumn[] = [
  { column: 'Modell', fieldId: 'model_number', transform: { type: 'trim' } },
  {
    column: 'Kapazität',
    fieldId: 'rated_capacity_ah',
    transform: { type: 'number', decimalSeparator: ',', thousandsSeparator: '.' },
  },
  { column: 'Herstelldatum', fieldId: 'manufacturing_date', transform: { type: 'date', format: 'DD.MM.YYYY' } },
];

test.describe('ERP mappings: create, list, change, delete', () => {
  test('a mapping is created (201, Location), listed by category and paged, renamed, its columns replaced, deleted (204), each audited', async () => {
    const { company, client } = await newTenant();
    const created = await client.send('POST', '/api/v1/erp-mappings', {
      body: { name: uniqueName(), categoryCode: 'EV_BATTERY', columns: COLUMNS },
    });
    expect(created.status).toBe(201);
    const mapping = created.data;
    expect(created.headers.get('location')).toBe(`/api/v1/erp-mappings/${mapping.id}`);
    expect(mapping).toMatchObject({ categoryCode: 'EV_BATTERY', columns: COLUMNS });
    const second = await client.createErpMapping({
      name: uniqueName('LMT'),
      categoryCode: 'LMT_BATTERY',
      columns: [COLUMNS[0]],
    });

    expect((await client.listErpMappings({ category: 'EV_BATTERY' })).data.map((m) => m.id)).toEqual([mapping.id]);
    const first = await client.listErpMappings({ limit: 1 });
    expect(first.nextCursor).not.toBeNull();
    const next = await client.listErpMappings({ limit: 1, cursor: first.nextCursor! });
    expect([...first.data, ...next.data].map((m) => m.id).sort()).toEqual([mapping.id, second.id].sort());
    expect(next.nextCursor).toBeNull();

    const renamed = await client.updateErpMapping(mapping.id, { name: `${mapping.name} v2` });
    expect(renamed).toMatchObject({ name: `${mapping.name} v2`, columns: COLUMNS });
    expect((await client.updateErpMapping(mapping.id, { columns: [COLUMNS[1]] })).columns).toEqual([COLUMNS[1]]);
    const deleted = await client.send('DELETE', `/api/v1/erp-mappings/${mapping.id}`);
    expect(deleted.status).toBe(204);
    expect((await client.listErpMappings({ category: 'EV_BATTERY' })).data).toEqual([]);
    const audit = await db().auditLog.findMany({
      where: { companyId: company.id, eventType: { startsWith: 'ErpMapping' } },
      orderBy: { createdAt: 'asc' },
    });
    expect(audit.map((a) => a.eventType)).toEqual([
      'ErpMappingCreated',
      'ErpMappingCreated',
      'ErpMappingUpdated',
      'ErpMappingUpdated',
      'ErpMappingDeleted',
    ]);
  });

  test('VALIDATION_ERROR names each column with an unknown field id or a duplicate name; NAME_IN_USE for a taken name', async () => {
    const { client } = await newTenant();
    const bad = await refusal(
      client.createErpMapping({
        name: uniqueName(),
        categoryCode: 'EV_BATTERY',
        columns: [
          ...COLUMNS,
          { column: 'Chemie', fieldId: 'cell_chemistry' },
          { column: 'Modell', fieldId: 'model_number' },
        ],
      }),
    );
    expect([bad.status, bad.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(bad.body.error.details.issues).toEqual([
      expect.objectContaining({ path: 'columns.3.fieldId', code: 'unknown_field' }),
      expect.objectContaining({ path: 'columns.4.column', code: 'duplicate_column' }),
    ]);
    const name = uniqueName();
    await client.createErpMapping({ name, categoryCode: 'EV_BATTERY', columns: COLUMNS });
    const taken = await refusal(client.createErpMapping({ name, categoryCode: 'SLI_BATTERY', columns: [COLUMNS[0]] }));
    expect([taken.status, taken.code]).toEqual([409, 'NAME_IN_USE']);
  });

  test("another company's mapping is NOT_FOUND, a malformed id INVALID_ID, and a read-only key FORBIDDEN_SCOPE on every write", async () => {
    const owner = await newTenant();
    const mapping = await owner.client.createErpMapping({
      name: uniqueName(),
      categoryCode: 'EV_BATTERY',
      columns: COLUMNS,
    });
    const outsider = await newTenant();
    // Thunks, called one at a time: a refusal is never left pending unobserved.
    for (const call of [
      () => outsider.client.updateErpMapping(mapping.id, { name: 'Mine now' }),
      () => outsider.client.deleteErpMapping(mapping.id),
    ]) {
      expect((await refusal(call())).code).toBe('NOT_FOUND');
    }
    const lint = await refusal(
      outsider.client.lintMapping({ categoryCode: 'EV_BATTERY', columns: ['Modell'], mappingId: mapping.id }),
    );
    expect([lint.status, lint.code]).toEqual([404, 'NOT_FOUND']);
    expect([(await refusal(owner.client.deleteErpMapping('not-a-uuid'))).code]).toEqual(['INVALID_ID']);

    const { client: reader } = await newKey(owner.company.id, { scopes: ['mapping:read'] });
    expect((await reader.listErpMappings()).data.map((m) => m.id)).toEqual([mapping.id]);
    for (const call of [
      () => reader.createErpMapping({ name: uniqueName(), categoryCode: 'EV_BATTERY', columns: COLUMNS }),
      () => reader.updateErpMapping(mapping.id, { name: 'Renamed' }),
      () => reader.deleteErpMapping(mapping.id),
    ]) {
      const refused = await refusal(call());
      expect([refused.status, refused.code]).toEqual([403, 'FORBIDDEN_SCOPE']);
    }
    expect(await db().erpMapping.findUniqueOrThrow({ where: { id: mapping.id } })).toMatchObject({
      name: mapping.name,
    });
  });
});

test.describe('POST /api/v1/mappings/lint', () => {
  test('suggests the field a misspelt column meant, names unmapped mandated fields and duplicate targets', async () => {
    const { client } = await newTenant({ scopes: ['mapping:read'] });
    const report = await client.lintMapping({
      categoryCode: 'EV_BATTERY',
      columns: ['battery_chemestry', 'Modell', 'Typ'],
      mapping: [
        { column: 'Modell', fieldId: 'model_number' },
        { column: 'Typ', fieldId: 'model_number' },
      ],
    });
    expect(report.ok).toBe(false);
    expect(report.unknownColumns).toEqual([{ column: 'battery_chemestry', suggestions: expect.any(Array) }]);
    expect(report.unknownColumns[0].suggestions[0]).toBe('battery_chemistry');
    expect(report.duplicateTargets).toEqual([{ fieldId: 'model_number', columns: ['Modell', 'Typ'] }]);
    const unmapped = report.unmappedMandatedFields.map((f) => f.field_id);
    expect(unmapped).toContain('battery_chemistry');
    expect(unmapped).not.toContain('model_number');
  });

  test('reports sample cells that would fail with the field error codes, never echoing them; a decimal-comma transform makes the sample valid', async () => {
    const { client } = await newTenant();
    const columns = ['rated_capacity_ah', 'battery_chemistry', 'model_number', 'expected_cycle_life'];
    const report = await client.lintMapping({
      categoryCode: 'EV_BATTERY',
      columns,
      sampleRows: [['188,5', 'SECRET-CHEM', '', '-5']],
    });
    expect(report.sampleErrors.map((e) => [e.row, e.column, e.field_id, e.code])).toEqual([
      [1, 'rated_capacity_ah', 'rated_capacity_ah', 'WRONG_TYPE'],
      [1, 'battery_chemistry', 'battery_chemistry', 'INVALID_OPTION'],
      [1, 'model_number', 'model_number', 'REQUIRED_MISSING'],
      [1, 'expected_cycle_life', 'expected_cycle_life', 'OUT_OF_RANGE'],
    ]);
    expect(JSON.stringify(report)).not.toMatch(/SECRET-CHEM|188,5/);

    const stored = await client.createErpMapping({
      name: uniqueName(),
      categoryCode: 'EV_BATTERY',
      columns: [COLUMNS[1]],
    });
    const fixed = await client.lintMapping({
      categoryCode: 'EV_BATTERY',
      columns: ['Kapazität'],
      mappingId: stored.id,
      sampleRows: [['1.188,5']],
    });
    expect(fixed.sampleErrors).toEqual([]);
    expect(fixed.unknownColumns).toEqual([]);
  });

  test('round-trip: the ERP template header and example row, as served, lint clean without a mapping', async () => {
    const { client } = await newTenant({ scopes: ['mapping:read'] });
    const template = await client.erpTemplate('INDUSTRIAL_BATTERY');
    const cell = (v: unknown) =>
      v === null || v === undefined
        ? ''
        : typeof v === 'string'
          ? v
          : typeof v === 'object'
            ? JSON.stringify(v)
            : String(v);
    const report = await client.lintMapping({
      categoryCode: 'INDUSTRIAL_BATTERY',
      columns: template.columns.map((c) => c.column),
      sampleRows: [template.columns.map((c) => cell(c.example))],
    });
    expect(report).toEqual({
      ok: true,
      unknownColumns: [],
      unmappedMandatedFields: [],
      duplicateTargets: [],
      sampleErrors: [],
      sampleErrorsTruncated: false,
    });
  });

  test('refuses an unknown category and mappingId together with mapping (VALIDATION_ERROR)', async () => {
    const { client } = await newTenant();
    expect((await refusal(client.lintMapping({ categoryCode: 'NOPE', columns: ['a'] }))).code).toBe('VALIDATION_ERROR');
    const both = await refusal(
      client.lintMapping({
        categoryCode: 'EV_BATTERY',
        columns: ['a'],
        mappingId: '3f0b6c1e-8d7a-4c2b-9e5f-1a2b3c4d5e6f',
        mapping: [COLUMNS[0]],
      }),
    );
    expect(both.code).toBe('VALIDATION_ERROR');
  });
});

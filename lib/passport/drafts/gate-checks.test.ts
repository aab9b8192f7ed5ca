import { describe, expect, it } from 'vitest';
import { getCategorySchema } from '../../schema/categories';
import type { CategorySchema } from '../../schema/types';
import { readinessCheck, schemaCompatibilityCheck } from './gate-checks';
import { judgeCompatibility } from './schema-compatibility';

/** Version 1 of the EV schema, judged as the current one here. */
const ev = getCategorySchema('EV_BATTERY', 1) as CategorySchema;
/** A later version of a category that no longer has the field `model_number`. */
const version2: CategorySchema = { ...ev, version: 2, fields: ev.fields.filter((f) => f.id !== 'model_number') };

describe('schema compatibility', () => {
  it('passes a product on the current version', () => {
    const c = judgeCompatibility(ev, { schemaVersion: 1, formData: { model_number: 'M' } });
    expect(c).toEqual({
      productSchemaVersion: 1,
      currentSchemaVersion: 1,
      compatible: true,
      upgradeAvailable: false,
      problems: [],
    });
    expect(schemaCompatibilityCheck(c).status).toBe('pass');
  });

  it('warns for an older product whose data the current version accepts (an upgrade is available)', () => {
    const c = judgeCompatibility(version2, { schemaVersion: 1, formData: { nominal_voltage_v: 400 } });
    expect(c).toMatchObject({
      compatible: true,
      upgradeAvailable: true,
      productSchemaVersion: 1,
      currentSchemaVersion: 2,
    });
    expect(schemaCompatibilityCheck(c).status).toBe('warn');
  });

  it('fails an older product whose data the current version refuses, naming the fields', () => {
    const c = judgeCompatibility(version2, {
      schemaVersion: 1,
      formData: { model_number: 'M', nominal_voltage_v: 400 },
    });
    expect(c).toMatchObject({
      compatible: false,
      upgradeAvailable: true,
      problems: [expect.objectContaining({ field_id: 'model_number', code: 'UNKNOWN_FIELD' })],
    });
    expect(schemaCompatibilityCheck(c)).toMatchObject({ status: 'fail', details: { problems: c.problems } });
  });
});

describe('readiness check', () => {
  it('fails with the missing and invalid lists, passes when the report is ok', () => {
    expect(readinessCheck({ ok: true, missing: [], invalid: [] }).status).toBe('pass');
    const missing = [
      { field_id: 'model_number', label: 'Model number', code: 'REQUIRED_MISSING' as const, message: 'm' },
    ];
    expect(readinessCheck({ ok: false, missing, invalid: [] })).toMatchObject({
      status: 'fail',
      details: { missing, invalid: [] },
    });
  });
});

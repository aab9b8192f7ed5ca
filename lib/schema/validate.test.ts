import { describe, expect, it } from 'vitest';
import { CATEGORY_SCHEMAS, getCategorySchema } from './categories';
import { type CategorySchema, FIELD_ERROR_CODES, type FieldError } from './types';
import { isIsoDate, mergeFormData, missingMandatedFields, validateFormData } from './validate';

const EV = CATEGORY_SCHEMAS.EV_BATTERY;
const LMT = CATEGORY_SCHEMAS.LMT_BATTERY;
const MARKER = 'MARKER_q7Zx91';

const examples = (schema: CategorySchema) => Object.fromEntries(schema.fields.map((f) => [f.id, f.example]));
const codes = (errors: FieldError[]) => errors.map((e) => `${e.field_id}:${e.code}`);
const check = (patch: Record<string, unknown>, schema = EV) => codes(validateFormData(schema, patch));
const substance = (over: Record<string, unknown> = {}) => ({
  name: 'Lithium hexafluorophosphate',
  cas_number: '21324-40-3',
  concentration_pct: 1.2,
  ...over,
});

describe('validateFormData: the six codes', () => {
  it('UNKNOWN_FIELD rejects keys outside the schema, at the top level and inside entries', () => {
    expect(check({ manufacturer_name: 'Voltaris' })).toEqual([]);
    expect(check({ manufacturer_nam: 'Voltaris' })).toEqual(['manufacturer_nam:UNKNOWN_FIELD']);
    expect(check({ hazardous_substances: [substance({ colour: 'red' })] })).toEqual([
      'hazardous_substances[0].colour:UNKNOWN_FIELD',
    ]);
    // Carbon footprint exists only for EV and industrial batteries.
    expect(check({ carbon_footprint_per_kwh: 0.05 }, LMT)).toEqual(['carbon_footprint_per_kwh:UNKNOWN_FIELD']);
    expect(check({ carbon_footprint_per_kwh: 0.05 }, EV)).toEqual([]);
  });

  it('WRONG_TYPE: numbers are finite JS numbers, integers whole, booleans true/false, lists lists', () => {
    expect(check({ rated_capacity_ah: 188.5, current_cycle_count: 212, ce_marking: false })).toEqual([]);
    expect(check({ rated_capacity_ah: '188' })).toEqual(['rated_capacity_ah:WRONG_TYPE']);
    expect(check({ rated_capacity_ah: Number.NaN })).toEqual(['rated_capacity_ah:WRONG_TYPE']);
    expect(check({ rated_capacity_ah: Number.POSITIVE_INFINITY })).toEqual(['rated_capacity_ah:WRONG_TYPE']);
    expect(check({ current_cycle_count: 212.5 })).toEqual(['current_cycle_count:WRONG_TYPE']);
    expect(check({ ce_marking: 'true' })).toEqual(['ce_marking:WRONG_TYPE']);
    expect(check({ manufacturer_name: 42 })).toEqual(['manufacturer_name:WRONG_TYPE']);
    expect(check({ manufacturing_date: 20250314 })).toEqual(['manufacturing_date:WRONG_TYPE']);
    expect(check({ critical_raw_materials: 'cobalt' })).toEqual(['critical_raw_materials:WRONG_TYPE']);
    expect(check({ hazardous_substances: { name: 'x' } })).toEqual(['hazardous_substances:WRONG_TYPE']);
    expect(check({ hazardous_substances: ['Lead'] })).toEqual(['hazardous_substances[0]:WRONG_TYPE']);
    expect(check({ hazardous_substances: [substance({ concentration_pct: '1.2' })] })).toEqual([
      'hazardous_substances[0].concentration_pct:WRONG_TYPE',
    ]);
  });

  it('INVALID_OPTION: enum, multi_enum and country values come from their lists', () => {
    expect(
      check({ battery_chemistry: 'NMC', critical_raw_materials: ['cobalt', 'nickel'], manufacturer_country: 'DE' }),
    ).toEqual([]);
    expect(check({ battery_chemistry: 'NMC-811' })).toEqual(['battery_chemistry:INVALID_OPTION']);
    expect(check({ battery_chemistry: 'nmc' })).toEqual(['battery_chemistry:INVALID_OPTION']);
    expect(check({ critical_raw_materials: ['cobalt', 'unobtainium'] })).toEqual([
      'critical_raw_materials[1]:INVALID_OPTION',
    ]);
    expect(check({ critical_raw_materials: ['cobalt', 'cobalt'] })).toEqual([
      'critical_raw_materials[1]:INVALID_OPTION',
    ]);
    expect(check({ manufacturer_country: 'XX' })).toEqual(['manufacturer_country:INVALID_OPTION']);
    expect(check({ manufacturer_country: 'de' })).toEqual(['manufacturer_country:INVALID_OPTION']);
    expect(check({ hazardous_substances: [substance({ location: 'cathode' })] })).toEqual([]);
    expect(check({ hazardous_substances: [substance({ location: 'roof' })] })).toEqual([
      'hazardous_substances[0].location:INVALID_OPTION',
    ]);
  });

  it('OUT_OF_RANGE: min/max, string length and list length', () => {
    expect(check({ recycled_cobalt_pre_consumer_pct: 100, recycled_lead_post_consumer_pct: 0 })).toEqual([]);
    expect(check({ recycled_cobalt_pre_consumer_pct: 100.5 })).toEqual([
      'recycled_cobalt_pre_consumer_pct:OUT_OF_RANGE',
    ]);
    expect(check({ recycled_lead_post_consumer_pct: -0.1 })).toEqual(['recycled_lead_post_consumer_pct:OUT_OF_RANGE']);
    expect(check({ deep_discharge_events: 0 })).toEqual([]);
    expect(check({ deep_discharge_events: -1 })).toEqual(['deep_discharge_events:OUT_OF_RANGE']);
    expect(check({ manufacturer_name: 'a'.repeat(200) })).toEqual([]);
    expect(check({ manufacturer_name: 'a'.repeat(201) })).toEqual(['manufacturer_name:OUT_OF_RANGE']);
    expect(check({ hazardous_substances: Array.from({ length: 50 }, () => substance()) })).toEqual([]);
    expect(check({ hazardous_substances: Array.from({ length: 51 }, () => substance()) })).toEqual([
      'hazardous_substances:OUT_OF_RANGE',
    ]);
    expect(check({ hazardous_substances: [substance({ concentration_pct: 101 })] })).toEqual([
      'hazardous_substances[0].concentration_pct:OUT_OF_RANGE',
    ]);
  });

  it('PATTERN_MISMATCH: patterns, dates and URLs', () => {
    expect(check({ hazardous_substances: [substance({ cas_number: '7439-92-1' })] })).toEqual([]);
    expect(check({ hazardous_substances: [substance(), substance({ cas_number: '7439-92-11' })] })).toEqual([
      'hazardous_substances[1].cas_number:PATTERN_MISMATCH',
    ]);
    expect(check({ manufacturer_email: 'passport@voltaris.example' })).toEqual([]);
    expect(check({ manufacturer_email: 'passport at voltaris' })).toEqual(['manufacturer_email:PATTERN_MISMATCH']);
    expect(check({ eu_declaration_of_conformity_url: 'https://voltaris.example/doc.pdf' })).toEqual([]);
    for (const url of [
      'telnet://192.0.2.16:80/',
      'ftp://ftp.is.co.za/rfc/rfc1808.txt',
      '/doc.pdf',
      'https://',
      'https://user:secret@voltaris.example/doc.pdf',
      'https://voltaris.example/a b.pdf',
      'javascript:alert(1)',
    ]) {
      expect(check({ eu_declaration_of_conformity_url: url }), url).toEqual([
        'eu_declaration_of_conformity_url:PATTERN_MISMATCH',
      ]);
    }
    expect(check({ manufacturing_date: '2024-02-29' })).toEqual([]);
    expect(check({ manufacturing_date: '2023-02-29' })).toEqual(['manufacturing_date:PATTERN_MISMATCH']);
    expect(check({ manufacturing_date: '2025-03' })).toEqual(['manufacturing_date:PATTERN_MISMATCH']);
  });

  it('REQUIRED_MISSING only with requireMandated, over current merged with the patch', () => {
    const full = examples(EV);
    expect(validateFormData(EV, {})).toEqual([]);
    expect(validateFormData(EV, {}, { requireMandated: true, current: full })).toEqual([]);
    const missing = codes(validateFormData(EV, {}, { requireMandated: true }));
    expect(missing).toContain('manufacturer_name:REQUIRED_MISSING');
    expect(missing).toContain('carbon_footprint_per_kwh:REQUIRED_MISSING');
    expect(missing).not.toContain('current_soh_pct:REQUIRED_MISSING');
    expect(missing.every((c) => c.endsWith(':REQUIRED_MISSING'))).toBe(true);
    expect(missing).toHaveLength(EV.fields.filter((f) => f.mandated).length);
    for (const cleared of [null, '', '   ']) {
      expect(
        codes(validateFormData(EV, { manufacturer_name: cleared }, { requireMandated: true, current: full })),
      ).toEqual(['manufacturer_name:REQUIRED_MISSING']);
    }
    expect(
      codes(validateFormData(EV, { critical_raw_materials: [] }, { requireMandated: true, current: full })),
    ).toEqual(['critical_raw_materials:REQUIRED_MISSING']);
    // A false boolean and a zero are values, not gaps.
    expect(
      validateFormData(
        EV,
        { cadmium_symbol: false, recycled_lead_pre_consumer_pct: 0 },
        { requireMandated: true, current: full },
      ),
    ).toEqual([]);
  });

  it('REQUIRED_MISSING also names mandated members of array entries', () => {
    const full = examples(EV);
    const patch = { hazardous_substances: [substance(), { name: 'Cobalt sulfate' }] };
    expect(validateFormData(EV, patch)).toEqual([]);
    expect(codes(validateFormData(EV, patch, { requireMandated: true, current: full }))).toEqual([
      'hazardous_substances[1].cas_number:REQUIRED_MISSING',
      'hazardous_substances[1].concentration_pct:REQUIRED_MISSING',
    ]);
  });
});

describe('commodity_code (schema version 3): a CN code of heading 8507', () => {
  const RULE = 'Commodity code (CN) must be 8 digits of CN heading 8507, such as 85076000.';

  it('accepts the eight digits of a subheading of 8507', () => {
    for (const code of ['85076000', '85071020', '85075000', '85070000', '85079999']) {
      expect(check({ commodity_code: code }), code).toEqual([]);
    }
  });

  it('refuses other headings, short codes, letters, spaces and dots with the rule in words, not the expression', () => {
    for (const code of [
      '85066000',
      '85060000',
      '850760',
      '8507600',
      '850760001',
      '8507600A',
      'CN850760',
      '8507 6000',
      ' 85076000',
      '8507.60.00',
      '',
    ]) {
      const errors = validateFormData(EV, { commodity_code: code });
      if (code === '') {
        expect(errors, 'empty text is left to REQUIRED_MISSING').toEqual([]);
        continue;
      }
      expect(errors, code).toEqual([
        { field_id: 'commodity_code', label: 'Commodity code (CN)', code: 'PATTERN_MISMATCH', message: RULE },
      ]);
    }
  });

  it('refuses a number: the code is text, so its leading digits survive every transport', () => {
    expect(check({ commodity_code: 85076000 })).toEqual(['commodity_code:WRONG_TYPE']);
  });

  it('is mandated for a submission in every category', () => {
    for (const schema of Object.values(CATEGORY_SCHEMAS)) {
      const { commodity_code: _omitted, ...rest } = examples(schema);
      expect(missingMandatedFields(schema, rest), schema.category).toEqual([
        {
          field_id: 'commodity_code',
          label: 'Commodity code (CN)',
          code: 'REQUIRED_MISSING',
          message: `Commodity code (CN) is mandated for a ${schema.category} passport and has no value.`,
        },
      ]);
    }
  });

  it('is not part of version 2: a version 2 product neither needs nor accepts it', () => {
    const v2 = getCategorySchema('EV_BATTERY', 2)!;
    const { commodity_code: _omitted, ...v2Data } = examples(EV);
    expect(missingMandatedFields(v2, v2Data)).toEqual([]);
    expect(check({ commodity_code: '85076000' }, v2)).toEqual(['commodity_code:UNKNOWN_FIELD']);
  });

  it('other patterns keep naming their expression', () => {
    expect(validateFormData(EV, { manufacturer_email: 'passport at voltaris' })[0]?.message).toBe(
      'Manufacturer contact email must match the pattern ^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$.',
    );
  });
});

describe('validateFormData: safety', () => {
  it('never echoes the submitted value in a message, label or field id', () => {
    const patch = {
      manufacturer_name: MARKER.repeat(30),
      manufacturer_email: `${MARKER} at example`,
      manufacturer_country: MARKER,
      battery_chemistry: MARKER,
      critical_raw_materials: [MARKER],
      rated_capacity_ah: MARKER,
      ce_marking: MARKER,
      manufacturing_date: `2025-02-30${MARKER}`,
      eu_declaration_of_conformity_url: `https://${MARKER} .example`,
      hazardous_substances: [substance({ cas_number: MARKER, location: MARKER }), MARKER],
      test_reports: { [MARKER]: MARKER },
    };
    const errors = validateFormData(EV, patch, { requireMandated: true });
    expect(errors.length).toBeGreaterThan(12);
    for (const e of errors) {
      expect(FIELD_ERROR_CODES).toContain(e.code);
      expect(e.message).toContain(e.label.split(',')[0]);
      expect(`${e.field_id} ${e.label} ${e.message}`).not.toContain(MARKER);
    }
  });

  it('treats __proto__, constructor and prototype as unknown and never assigns them', () => {
    const patch = JSON.parse(
      '{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}, "prototype": 1,' +
        '"hazardous_substances": [{"__proto__": {"polluted": "yes"}, "name": "Lead", "cas_number": "7439-92-1", "concentration_pct": 0.5}]}',
    ) as Record<string, unknown>;
    expect(codes(validateFormData(EV, patch))).toEqual([
      '__proto__:UNKNOWN_FIELD',
      'constructor:UNKNOWN_FIELD',
      'prototype:UNKNOWN_FIELD',
      'hazardous_substances[0].__proto__:UNKNOWN_FIELD',
    ]);
    const merged = mergeFormData(JSON.parse('{"__proto__": {"polluted": "yes"}, "a": 1}'), patch);
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(Object.keys(merged)).toEqual(['a', 'hazardous_substances']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(missingMandatedFields(EV, patch).some((e) => e.field_id === '__proto__')).toBe(false);
  });

  it('answers a patch that is not an object with one WRONG_TYPE', () => {
    for (const bad of [null, [], 'x', 3]) {
      expect(codes(validateFormData(EV, bad as unknown as Record<string, unknown>))).toEqual(['formData:WRONG_TYPE']);
    }
  });
});

describe('null, merging and mandated fields', () => {
  it('null clears a field and is valid for every type', () => {
    expect(validateFormData(EV, Object.fromEntries(EV.fields.map((f) => [f.id, null])))).toEqual([]);
    expect(validateFormData(EV, { hazardous_substances: [{ ...substance(), location: null }] })).toEqual([]);
    const current = { manufacturer_name: 'Voltaris', rated_capacity_ah: 188 };
    const merged = mergeFormData(current, { manufacturer_name: null, nominal_voltage_v: 400 });
    expect(merged).toEqual({ rated_capacity_ah: 188, nominal_voltage_v: 400 });
    expect(current).toEqual({ manufacturer_name: 'Voltaris', rated_capacity_ah: 188 });
  });

  it('missingMandatedFields lists mandated fields without a value as field errors', () => {
    expect(missingMandatedFields(EV, examples(EV))).toEqual([]);
    const { manufacturer_name: _omitted, ...rest } = examples(EV);
    expect(missingMandatedFields(EV, rest)).toEqual([
      {
        field_id: 'manufacturer_name',
        label: 'Manufacturer name',
        code: 'REQUIRED_MISSING',
        message: 'Manufacturer name is mandated for a EV_BATTERY passport and has no value.',
      },
    ]);
  });
});

describe('isIsoDate', () => {
  it.each([
    ['2025-03-14', true],
    ['2024-02-29', true],
    ['2000-02-29', true],
    ['1900-02-29', false],
    ['2025-04-31', false],
    ['2025-13-01', false],
    ['2025-3-14', false],
    ['2026-11-20T08:15:00Z', true],
    ['2026-11-20T08:15:00.123Z', true],
    ['2026-11-20T08:15:00+01:00', true],
    ['2026-11-20T08:15:00-05:30', true],
    ['2026-11-20T08:15:00', false],
    ['2026-11-20T08:15Z', false],
    ['2026-11-20 08:15:00Z', false],
    ['2026-11-20T24:00:00Z', false],
    ['2026-11-20T08:60:00Z', false],
    ['2026-11-20T08:15:00+24:00', false],
    ['2026-11-31T08:15:00Z', false],
  ])('%s → %s', (value, valid) => {
    expect(isIsoDate(value)).toBe(valid);
  });
});

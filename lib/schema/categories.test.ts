import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { canonicalJson, sha256Hex } from '../passport/canonical-json';
import { BATTERY_PASS_ATTRIBUTES, OUT_OF_SCOPE_ATTRIBUTES } from './attribute-coverage';
import {
  CATEGORY_INFO,
  CATEGORY_SCHEMAS,
  CURRENT_SCHEMA_VERSION,
  getCategorySchema,
  LABEL_ATTRIBUTE_NUMBERS,
} from './categories';
import { ALL_FIELD_SPECS, BMS_DYNAMIC_FIELD_IDS, type FieldSpec } from './fields';
import {
  ACCESS_TIERS,
  type AccessTier,
  BATTERY_CATEGORIES,
  type BatteryCategory,
  FIELD_GROUPS,
  FIELD_TYPES,
  type FieldDefinition,
} from './types';
import { validateFormData } from './validate';

/** SHA-256 of each installed version's canonical field list (CategorySchemaVersion.sha256), as first installed. */
const INSTALLED_SHA256 = {
  'EV_BATTERY@1': '5f730c1605ab94079f24916e7c62253dbc3269ed4ec22edfd353ec79abfd3854',
  'EV_BATTERY@2': '359272bdc95cc5e021abb6e1f1c731f9b8e83970d6c81826129180961fc21625',
  'LMT_BATTERY@1': '3c82870a4b52a5f26783161573501811446593b67e16df51c086358cb302c14b',
  'LMT_BATTERY@2': 'da17b033343b3ce942a27c0b283ba52cfe5345c891a3510010ef4fae41d32efc',
  'INDUSTRIAL_BATTERY@1': 'd651039eaeb37fd2cb22caaae44d021b6be0782d83330c2586b954d7e450443e',
  'INDUSTRIAL_BATTERY@2': 'ceedb0c8decd8b9af48c7b62a58813c4ccc4e427f50f5a7e5469189633025e75',
  'SLI_BATTERY@1': '5d3eb261c1d992f1217e2a3e1a4fd26e55feab974163c13959e5a4c85fa7e6b1',
  'SLI_BATTERY@2': '92cb5913c798937ac7f36c4ed5af77359b43dc166afcb8da316549ab8f49204b',
  'PORTABLE_BATTERY@1': '5d3eb261c1d992f1217e2a3e1a4fd26e55feab974163c13959e5a4c85fa7e6b1',
  'PORTABLE_BATTERY@2': '92cb5913c798937ac7f36c4ed5af77359b43dc166afcb8da316549ab8f49204b',
};

type CsvRow = Record<string, string>;

const CSV_PATH = fileURLToPath(new URL('../../prisma/data/battery-pass-attributes-v1.2.csv', import.meta.url));
const CSV = new Map(
  (parse(readFileSync(CSV_PATH, 'utf8'), { columns: true }) as CsvRow[]).map((r) => [Number(r.no), r]),
);
const csvRow = (no: number): CsvRow => CSV.get(no) ?? expect.unreachable(`no CSV row ${no}`);

const SPEC_BMS_KEYS = [
  'current_soh_pct',
  'soh_last_updated',
  'current_cycle_count',
  'cycle_count_last_updated',
  'remaining_energy_kwh',
  'remaining_capacity_ah',
  'remaining_capacity_kwh',
  'remaining_power_capability_kw',
  'remaining_round_trip_efficiency_pct',
  'self_discharge_rate_evolution_pct_per_month',
  'total_energy_throughput_kwh',
  'total_energy_throughput_ah',
  'deep_discharge_events',
  'overcharge_events',
  'number_of_charging_events',
  'time_at_temp_extreme_low_sec',
  'time_at_temp_low_sec',
  'time_at_temp_high_sec',
  'time_at_temp_extreme_high_sec',
  'time_charging_at_temp_extreme_high_sec',
  'time_charging_at_temp_extreme_low_sec',
  'lifetime_counter_last_updated',
];
// DESIGN: the public DPP must show BMS state of health and cycle count (and when they were measured).
const PUBLIC_BY_EXCEPTION = new Set([
  'current_soh_pct',
  'soh_last_updated',
  'current_cycle_count',
  'cycle_count_last_updated',
]);

function tierOf(access: string): AccessTier {
  if (access === 'Public') return 'public';
  if (access.startsWith('persons with a legitimate interest')) return 'legitimate_interest';
  if (access === 'Notified bodies, market surveillance authorities and the Commission') return 'authority';
  throw new Error(`unmapped access text: ${access}`);
}
const isInUse = (r: CsvRow) => r.update_requirement.startsWith('depending on definition');
const BASIS_FOR_EVERY_BATTERY = /Annex VI\b|Art\. 13\b|Art\. 18\b/;

/** The CSV's own answer to "is this row mandatory for the category". */
function csvMandatory(r: CsvRow, category: BatteryCategory): boolean {
  switch (category) {
    case 'EV_BATTERY':
      return r.ev === 'x';
    case 'LMT_BATTERY':
      return r.lmt === 'x';
    case 'INDUSTRIAL_BATTERY':
      return r.industrial === 'x' || r.stationary === 'x';
    default:
      return (
        [r.ev, r.lmt, r.industrial, r.stationary].every((c) => c === 'x') &&
        BASIS_FOR_EVERY_BATTERY.test(r.regulation_reference)
      );
  }
}

const specById = new Map(ALL_FIELD_SPECS.map((s) => [s.id, s]));
const mappedSpecs = ALL_FIELD_SPECS.filter((s) => s.reference.batteryPass.length > 0);
const fieldOf = (category: BatteryCategory, id: string): FieldDefinition | undefined =>
  CATEGORY_SCHEMAS[category].fields.find((f) => f.id === id);

describe('Battery Pass attribute coverage', () => {
  it('the repository copy of the longlist has the 93 attributes numbered 1..93', () => {
    expect([...CSV.keys()]).toEqual(Array.from({ length: 93 }, (_, i) => i + 1));
  });

  it('covers every attribute exactly once, with the CSV name, obligation columns and in-use flag', () => {
    expect(BATTERY_PASS_ATTRIBUTES.map((a) => a.no)).toEqual([...CSV.keys()]);
    for (const a of BATTERY_PASS_ATTRIBUTES) {
      const r = csvRow(a.no);
      expect({
        no: a.no,
        name: a.name,
        ev: a.ev,
        lmt: a.lmt,
        industrial: a.industrial,
        stationary: a.stationary,
        inUse: a.inUse,
      }).toEqual({
        no: a.no,
        name: r.attribute,
        ev: r.ev,
        lmt: r.lmt,
        industrial: r.industrial,
        stationary: r.stationary,
        inUse: isInUse(r),
      });
      const impl = a.implementation;
      if ('outOfScope' in impl) expect(impl.outOfScope.length).toBeGreaterThan(20);
      else expect(impl.fields.length).toBeGreaterThan(0);
    }
  });

  it('names only fields that exist, and each field lists exactly the attributes that name it', () => {
    const namedBy = new Map<string, number[]>();
    for (const a of BATTERY_PASS_ATTRIBUTES) {
      if (!('fields' in a.implementation)) continue;
      expect(new Set(a.implementation.fields).size).toBe(a.implementation.fields.length);
      for (const id of a.implementation.fields) {
        expect(specById.has(id), `attribute ${a.no} names unknown field ${id}`).toBe(true);
        namedBy.set(id, [...(namedBy.get(id) ?? []), a.no]);
      }
    }
    for (const spec of ALL_FIELD_SPECS) {
      expect(
        [...spec.reference.batteryPass].sort((x, y) => x - y),
        spec.id,
      ).toEqual(namedBy.get(spec.id) ?? []);
    }
  });

  it('leaves only a few attributes out of scope, each with a reason', () => {
    expect(OUT_OF_SCOPE_ATTRIBUTES.map((a) => a.no)).toEqual([1, 2, 9, 26, 30, 58]);
  });
});

describe('field definitions', () => {
  it('have unique ids within the catalogue, within each schema and within each array item', () => {
    expect(specById.size).toBe(ALL_FIELD_SPECS.length);
    for (const c of BATTERY_CATEGORIES) {
      const ids = CATEGORY_SCHEMAS[c].fields.map((f) => f.id);
      expect(new Set(ids).size, c).toBe(ids.length);
    }
    for (const spec of ALL_FIELD_SPECS.filter((s) => s.items)) {
      const ids = spec.items!.map((i) => i.id);
      expect(new Set(ids).size, spec.id).toBe(ids.length);
    }
  });

  it('are well formed: snake_case id, human label without unit, known type, group and tier', () => {
    const check = (f: FieldSpec | FieldDefinition) => {
      expect(f.id).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
      // No bracketed unit; a bracketed abbreviation of capitals names a code list, as in "Commodity code (CN)".
      expect(f.label.replace(/ \([A-Z]{2,}\)$/, ''), f.id).not.toMatch(/[()[\]]/);
      if (f.unit) expect(f.label.endsWith(` ${f.unit}`), f.id).toBe(false);
      expect(FIELD_TYPES).toContain(f.type);
      expect(FIELD_GROUPS).toContain(f.group);
      expect(ACCESS_TIERS).toContain(f.access);
      expect(f.reference.regulation.length, f.id).toBeGreaterThan(0);
      expect(f.type === 'enum' || f.type === 'multi_enum' ? f.options?.length : 1, f.id).toBeGreaterThan(0);
      expect(f.type === 'array' ? f.items?.length : 1, f.id).toBeGreaterThan(0);
      if (f.type === 'string' || f.type === 'url' || f.type === 'array') expect(f.maxLength, f.id).toBeGreaterThan(0);
      if (f.unit === '%' && f.id !== 'internal_resistance_increase_pct') expect([f.min, f.max], f.id).toEqual([0, 100]);
      if (f.type === 'integer') expect(f.min, f.id).toBe(0);
    };
    for (const spec of ALL_FIELD_SPECS) {
      check(spec);
      spec.items?.forEach(check);
    }
  });

  it('have examples that pass the validator, alone and together with every mandated field', () => {
    for (const c of BATTERY_CATEGORIES) {
      const schema = CATEGORY_SCHEMAS[c];
      for (const f of schema.fields) {
        expect(validateFormData(schema, { [f.id]: f.example }), `${c}.${f.id}`).toEqual([]);
        for (const member of f.items ?? []) {
          expect(
            validateFormData(schema, { [f.id]: [{ [member.id]: member.example }] }),
            `${f.id}.${member.id}`,
          ).toEqual([]);
        }
      }
      const passport = Object.fromEntries(schema.fields.map((f) => [f.id, f.example]));
      expect(validateFormData(schema, passport, { requireMandated: true }), c).toEqual([]);
    }
  });

  it('take their access tier from the CSV row, except state of health and cycle count, which are public', () => {
    for (const spec of mappedSpecs) {
      const tiers = new Set(spec.reference.batteryPass.map((no) => tierOf(csvRow(no).access)));
      expect(tiers.size, spec.id).toBe(1);
      const expected = PUBLIC_BY_EXCEPTION.has(spec.id) ? 'public' : [...tiers][0];
      expect(spec.access, spec.id).toBe(expected);
    }
    for (const c of BATTERY_CATEGORIES) {
      expect(fieldOf(c, 'current_soh_pct')?.access).toBe('public');
      expect(fieldOf(c, 'current_cycle_count')?.access).toBe('public');
      expect(tierOf(csvRow(57).access)).toBe('legitimate_interest');
      expect(tierOf(csvRow(78).access)).toBe('legitimate_interest');
    }
  });

  it('are dynamic exactly when their CSV rows are', () => {
    for (const spec of mappedSpecs) {
      const dynamic = new Set(spec.reference.batteryPass.map((no) => csvRow(no).static_dynamic === 'Dynamic'));
      expect(dynamic.size, spec.id).toBe(1);
      expect(spec.dynamic, spec.id).toBe([...dynamic][0]);
    }
  });
});

describe('category schemas', () => {
  it('exist for the five categories at the current version 3, with information texts', () => {
    for (const c of BATTERY_CATEGORIES) {
      expect(CATEGORY_SCHEMAS[c]).toMatchObject({ category: c, version: 3 });
      expect(CATEGORY_INFO[c].code).toBe(c);
      expect(CATEGORY_INFO[c].name.length).toBeGreaterThan(0);
      expect(CATEGORY_INFO[c].regulationScope).toMatch(/2023\/1542/);
      expect(Object.isFrozen(CATEGORY_SCHEMAS[c].fields[0])).toBe(true);
    }
    expect(CURRENT_SCHEMA_VERSION).toBe(3);
  });

  it('keep versions 1 and 2 byte for byte as installed (the installer refuses a changed version)', () => {
    const stored = (c: BatteryCategory, v: number) => sha256Hex(canonicalJson(getCategorySchema(c, v)?.fields));
    expect(
      Object.fromEntries(BATTERY_CATEGORIES.flatMap((c) => [1, 2].map((v) => [`${c}@${v}`, stored(c, v)]))),
    ).toEqual(INSTALLED_SHA256);
  });

  it('version 3 is version 2 with the mandated, public, model-level commodity_code after model_number', () => {
    for (const c of BATTERY_CATEGORIES) {
      const v2 = getCategorySchema(c, 2)?.fields ?? [];
      const v3 = getCategorySchema(c, 3)?.fields ?? [];
      expect(v3.filter((f) => f.id !== 'commodity_code')).toEqual(v2);
      const at = v3.findIndex((f) => f.id === 'commodity_code');
      expect(v3[at - 1]?.id, c).toBe('model_number');
      expect(v3[at]).toMatchObject({
        label: 'Commodity code (CN)',
        type: 'string',
        mandated: true,
        access: 'public',
        group: 'identity',
        dynamic: false,
        level: 'model',
        overridable: false,
        pattern: '^8507[0-9]{4}$',
        example: '85076000',
        reference: { batteryPass: [] },
      });
      expect(v3[at]?.reference.regulation).toMatch(/Art\. 77 of Regulation \(EU\) 2023\/1542.*2024\/1781/);
      expect(v3[at]?.description).toMatch(/8-digit Combined Nomenclature code .*heading 8507/);
      expect(v3[at]).not.toHaveProperty('since');
      expect(v3[at]).not.toHaveProperty('mandate');
    }
  });

  it('version 2 is version 1 with levels: the same fields, each with level (and overridable when model-level)', () => {
    for (const c of BATTERY_CATEGORIES) {
      const v1 = getCategorySchema(c, 1);
      const v2 = getCategorySchema(c, 2);
      expect(v1?.fields.some((f) => 'level' in f || 'overridable' in f)).toBe(false);
      expect(v2?.fields.map(({ level: _l, overridable: _o, ...rest }) => rest)).toEqual(v1?.fields);
      for (const f of v2?.fields ?? []) {
        expect(['model', 'item']).toContain(f.level);
        expect(f.overridable !== undefined).toBe(f.level === 'model');
        if (f.dynamic) expect(f.level).toBe('item');
      }
    }
    const ev = getCategorySchema('EV_BATTERY', 2);
    const of = (id: string) => ev?.fields.find((f) => f.id === id);
    expect(of('manufacturing_date')?.level).toBe('item');
    expect(of('battery_mass_kg')?.level).toBe('item');
    expect(of('current_soh_pct')?.level).toBe('item');
    expect(of('carbon_footprint_per_kwh')).toMatchObject({ level: 'model', overridable: false });
    expect(of('warranty_period_months')).toMatchObject({ level: 'model', overridable: true });
  });

  it('getCategorySchema answers known codes and versions only', () => {
    expect(getCategorySchema('EV_BATTERY')).toBe(CATEGORY_SCHEMAS.EV_BATTERY);
    expect(getCategorySchema('LMT_BATTERY', 3)).toBe(CATEGORY_SCHEMAS.LMT_BATTERY);
    expect(getCategorySchema('LMT_BATTERY', 1)?.version).toBe(1);
    expect(getCategorySchema('LMT_BATTERY', 2)?.version).toBe(2);
    expect(getCategorySchema('LMT_BATTERY', 4)).toBeNull();
    expect(getCategorySchema('ev_battery')).toBeNull();
    expect(getCategorySchema('__proto__')).toBeNull();
  });

  it('mark a field mandated exactly when a CSV row it implements is mandatory for the category', () => {
    for (const c of BATTERY_CATEGORIES) {
      for (const f of CATEGORY_SCHEMAS[c].fields) {
        const spec = specById.get(f.id)!;
        const rows = spec.reference.batteryPass.map(csvRow);
        let expected = rows.some((r) => !isInUse(r) && csvMandatory(r, c));
        if (spec.mandate === 'never') expected = false;
        if (spec.mandate === 'always') expected = true;
        expect(f.mandated, `${c}.${f.id}`).toBe(expected);
      }
    }
  });

  it('mandate at least one field for every mandatory, implemented, pre-publication attribute present', () => {
    for (const c of BATTERY_CATEGORIES) {
      for (const a of BATTERY_PASS_ATTRIBUTES) {
        const r = csvRow(a.no);
        if (!('fields' in a.implementation) || isInUse(r) || !csvMandatory(r, c)) continue;
        const present = a.implementation.fields.map((id) => fieldOf(c, id)).filter((f) => f !== undefined);
        if (present.length === 0) continue;
        expect(
          present.some((f) => f.mandated),
          `${c} attribute ${a.no}`,
        ).toBe(true);
      }
    }
  });

  it('use the SLI and portable rule: rows x everywhere whose basis applies to every battery', () => {
    const fromCsv = [...CSV.values()]
      .filter((r) => csvMandatory(r, 'SLI_BATTERY'))
      .map((r) => Number(r.no))
      .filter((no) => !OUT_OF_SCOPE_ATTRIBUTES.some((a) => a.no === no));
    expect([...LABEL_ATTRIBUTE_NUMBERS]).toEqual(fromCsv);
    const mandated = CATEGORY_SCHEMAS.PORTABLE_BATTERY.fields.filter((f) => f.mandated).map((f) => f.id);
    expect(mandated).toEqual(
      expect.arrayContaining([
        'manufacturer_name',
        'battery_chemistry',
        'hazardous_substances',
        'separate_collection_symbol',
        'cadmium_symbol',
        'lead_symbol',
        'model_number',
      ]),
    );
    expect(mandated).not.toContain('due_diligence_report_url');
    expect(mandated).not.toContain('rated_capacity_ah');
  });

  it('carry all 22 BMS keys in every category: dynamic, performance, never mandated', () => {
    expect([...BMS_DYNAMIC_FIELD_IDS]).toEqual(SPEC_BMS_KEYS);
    for (const c of BATTERY_CATEGORIES) {
      for (const id of SPEC_BMS_KEYS) {
        const f = fieldOf(c, id);
        expect(f, `${c}.${id}`).toBeDefined();
        expect({ dynamic: f!.dynamic, group: f!.group, mandated: f!.mandated }).toEqual({
          dynamic: true,
          group: 'performance',
          mandated: false,
        });
        expect(f!.access).toBe(PUBLIC_BY_EXCEPTION.has(id) ? 'public' : 'legitimate_interest');
        if (id.endsWith('_last_updated')) expect(f!.type).toBe('date');
      }
    }
  });

  it('carry carbon footprint fields only for EV and industrial batteries', () => {
    const carbon = ALL_FIELD_SPECS.filter((s) => s.group === 'carbonFootprint').map((s) => s.id);
    expect(carbon).toEqual(expect.arrayContaining(['carbon_footprint_total_kg_co2e', 'carbon_footprint_per_kwh']));
    for (const c of BATTERY_CATEGORIES) {
      const ids = CATEGORY_SCHEMAS[c].fields.map((f) => f.id);
      const hasCarbon = c === 'EV_BATTERY' || c === 'INDUSTRIAL_BATTERY';
      for (const id of carbon) expect(ids.includes(id), `${c}.${id}`).toBe(hasCarbon);
      expect(
        ids.some((id) => id.startsWith('carbon_footprint')),
        c,
      ).toBe(hasCarbon);
    }
  });

  it('leave out fields whose rows do not apply to the category', () => {
    expect(fieldOf('EV_BATTERY', 'capacity_threshold_for_exhaustion_pct')).toBeDefined();
    expect(fieldOf('LMT_BATTERY', 'capacity_threshold_for_exhaustion_pct')).toBeUndefined();
    expect(fieldOf('INDUSTRIAL_BATTERY', 'putting_into_service_date')?.mandated).toBe(true);
    expect(fieldOf('EV_BATTERY', 'putting_into_service_date')).toBeUndefined();
    expect(fieldOf('PORTABLE_BATTERY', 'putting_into_service_date')).toBeUndefined();
  });
});

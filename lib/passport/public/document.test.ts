import { describe, expect, it } from 'vitest';
import { CATEGORY_SCHEMAS } from '../../schema/categories';
import { exampleFormData } from '../../schema/examples';
import type { BatteryCategory, CategorySchema } from '../../schema/types';
import { buildPublicDpp } from './document';
import { publicPlacement } from './names';

const TOP_LEVEL = [
  'id',
  'slug',
  'productName',
  'batteryCategory',
  'status',
  'version',
  'manufacturer',
  'carbonFootprint',
  'recycledContent',
  'performance',
  'hazardousSubstances',
  'supplyChain',
  'compliance',
  'publishedAt',
  'updatedAt',
  'createdAt',
];

function source(category: BatteryCategory, fields: Record<string, unknown>) {
  return {
    id: '3f1c9a4e-0000-4000-8000-000000000001',
    slug: 'pack',
    productName: 'Pack',
    batteryCategory: category,
    version: 2,
    fields,
    publishedAt: new Date('2026-01-01T00:00:00Z'),
    updatedAt: new Date('2026-02-01T00:00:00Z'),
    createdAt: new Date('2025-12-01T00:00:00Z'),
  };
}

/** Every restricted field (and restricted member of array entries) holds a value no public view may show. */
function withMarkers(schema: CategorySchema): Record<string, unknown> {
  const data = exampleFormData(schema);
  schema.fields.forEach((f, i) => {
    if (f.access !== 'public') data[f.id] = `RESTRICTED-MARKER-${i}`;
    if (f.type === 'array' && f.items && Array.isArray(data[f.id])) {
      data[f.id] = (data[f.id] as Record<string, unknown>[]).map((entry) => {
        const copy = { ...entry };
        f.items!.forEach((m, j) => {
          if (m.access !== 'public') copy[m.id] = `RESTRICTED-MARKER-${i}-${j}`;
        });
        return copy;
      });
    }
  });
  return data;
}

describe('public DPP object', () => {
  it('has exactly the contract’s sixteen top-level members, status published', () => {
    const dpp = buildPublicDpp(
      CATEGORY_SCHEMAS.EV_BATTERY,
      source('EV_BATTERY', exampleFormData(CATEGORY_SCHEMAS.EV_BATTERY)),
    );
    expect(Object.keys(dpp).sort()).toEqual([...TOP_LEVEL].sort());
    expect(dpp.status).toBe('published');
    expect(dpp).not.toHaveProperty('restrictedFields');
  });

  it.each(['EV_BATTERY', 'LMT_BATTERY', 'INDUSTRIAL_BATTERY', 'SLI_BATTERY', 'PORTABLE_BATTERY'] as BatteryCategory[])(
    'never carries a restricted value (%s)',
    (category) => {
      const schema = CATEGORY_SCHEMAS[category];
      const json = JSON.stringify(buildPublicDpp(schema, source(category, withMarkers(schema))));
      expect(json).not.toContain('RESTRICTED-MARKER');
    },
  );

  it('carries a carbon footprint for EV and industrial batteries only', () => {
    for (const category of ['EV_BATTERY', 'INDUSTRIAL_BATTERY'] as BatteryCategory[]) {
      const dpp = buildPublicDpp(
        CATEGORY_SCHEMAS[category],
        source(category, exampleFormData(CATEGORY_SCHEMAS[category])),
      );
      expect(dpp.carbonFootprint).toMatchObject({ totalKgCo2e: expect.any(Number), perKwh: expect.any(Number) });
    }
    for (const category of ['LMT_BATTERY', 'SLI_BATTERY', 'PORTABLE_BATTERY'] as BatteryCategory[]) {
      const dpp = buildPublicDpp(
        CATEGORY_SCHEMAS[category],
        source(category, exampleFormData(CATEGORY_SCHEMAS[category])),
      );
      expect(dpp.carbonFootprint).toBeNull();
    }
  });

  it('lists hazardous substances with their CAS numbers and concentrations', () => {
    const schema = CATEGORY_SCHEMAS.EV_BATTERY;
    const dpp = buildPublicDpp(schema, source('EV_BATTERY', exampleFormData(schema)));
    expect(dpp.hazardousSubstances.length).toBeGreaterThan(0);
    expect(dpp.hazardousSubstances[0]).toMatchObject({
      name: expect.any(String),
      casNumber: expect.stringMatching(/^\d{2,7}-\d{2}-\d$/),
    });
  });

  it('shows every public field of its section, null when empty, under a prefix-free camelCase name', () => {
    const schema = CATEGORY_SCHEMAS.EV_BATTERY;
    const dpp = buildPublicDpp(schema, source('EV_BATTERY', {}));
    expect(dpp.manufacturer).toMatchObject({ name: null, country: null, modelNumber: null });
    expect(dpp.recycledContent).toHaveProperty('cobaltPreConsumerPct', null);
    expect(dpp.performance).toHaveProperty('currentSohPct', null);
    expect(dpp.hazardousSubstances).toEqual([]);
  });

  it('places every public field somewhere, and no two fields under one name', () => {
    const schema = CATEGORY_SCHEMAS.EV_BATTERY;
    const seen = new Set<string>();
    for (const f of schema.fields.filter((x) => x.access === 'public' && x.id !== 'hazardous_substances')) {
      const place = publicPlacement(f);
      expect(place, f.id).not.toBeNull();
      const key = `${place!.section}.${place!.nested ?? ''}.${place!.member}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
  });
});

import type { types as AasTypes } from '@aas-core-works/aas-core3.0-typescript';
import { describe, expect, it } from 'vitest';
import { CATEGORY_SCHEMAS } from '../../schema/categories';
import { exampleFormData } from '../../schema/examples';
import { IDTA_PARTS, idtaReferenceOf } from '../../schema/idta';
import { BATTERY_CATEGORIES, type BatteryCategory, type FieldDefinition } from '../../schema/types';
import {
  type AasSource,
  aasJson,
  buildAasEnvironment,
  CARBON_FOOTPRINT_LABEL,
  LABELS_MEANING,
  RECYCLED_MATERIALS,
} from './aas';
import { aasCore as aas } from './aas-core';
import { buildPublicDpp } from './document';
import { publicPlacement } from './names';
import { publicFields } from './snapshot-view';

const BASE = 'https://passports.example';
const X = aas.types;

/** Example data of every field, public BMS values included (they arrive after publication). */
function allFields(category: BatteryCategory): Record<string, unknown> {
  const schema = CATEGORY_SCHEMAS[category];
  const data: Record<string, unknown> = { ...exampleFormData(schema) };
  for (const f of schema.fields) if (data[f.id] === undefined && f.example !== undefined) data[f.id] = f.example;
  return data;
}

function sourceOf(category: BatteryCategory, fields = allFields(category)): AasSource {
  const schema = CATEGORY_SCHEMAS[category];
  return {
    slug: 'vx-pack-1',
    productName: 'VX Pack',
    batteryCategory: category,
    version: 3,
    gtin: '04012345000016',
    serialNumber: 'SN-1',
    batchNumber: 'B-7',
    path: '/01/04012345000016/21/SN-1',
    schema,
    fields: publicFields(schema, fields),
  };
}

/** Serialize, parse back with the library's jsonization, as a consumer would. */
function roundTrip(source: AasSource) {
  const bytes = aasJson(buildAasEnvironment(source, BASE));
  const parsed = aas.jsonization.environmentFromJsonable(JSON.parse(bytes));
  if (parsed.error !== null) throw new Error(`${parsed.error.path}: ${parsed.error.message}`);
  return { bytes, environment: parsed.mustValue() };
}

const errorsOf = (environment: AasTypes.Environment) =>
  [...aas.verification.verify(environment)].map((e) => `${e.path}: ${e.message}`);

type Element = AasTypes.ISubmodelElement;
const children = (e: Element | AasTypes.Submodel): Element[] =>
  e instanceof X.Submodel
    ? (e.submodelElements ?? [])
    : e instanceof X.SubmodelElementCollection || e instanceof X.SubmodelElementList
      ? (e.value ?? [])
      : [];
const child = (e: Element | AasTypes.Submodel | undefined, idShort: string) =>
  e ? children(e).find((c) => c.idShort === idShort) : undefined;
const lexicalOf = (e: Element | undefined): string | null | undefined =>
  e instanceof X.Property ? e.value : e instanceof X.File ? e.value : undefined;

/** The value a public field has in the export, read back the way the mapping places it (null when absent). */
function readBack(environment: AasTypes.Environment, field: FieldDefinition): unknown {
  const idta = idtaReferenceOf(field.id);
  if (!idta) return undefined;
  const submodel = environment.submodels?.find(
    (s) => s.idShort === IDTA_PARTS[idta.part as keyof typeof IDTA_PARTS].idShort,
  );
  const nameplateMarking = (name: string) =>
    children(
      child(submodel, 'Markings') ?? new X.SubmodelElementList(X.AasSubmodelElements.SubmodelElementCollection),
    ).find((m) => lexicalOf(child(m, 'MarkingName')) === name);
  const parse = (lexical: string | null | undefined) => {
    if (lexical === null || lexical === undefined) return null;
    if (field.type === 'number' || field.type === 'integer') return Number(lexical);
    if (field.type === 'boolean') return lexical === 'true';
    return lexical;
  };
  switch (field.id) {
    case 'manufacturer_name': {
      const mlp = child(submodel, 'ManufacturerName');
      return mlp instanceof X.MultiLanguageProperty ? mlp.value?.[0]?.text : null;
    }
    case 'ce_marking':
    case 'separate_collection_symbol':
    case 'cadmium_symbol':
    case 'lead_symbol':
      return null; // read below as a marking's presence
    case 'carbon_footprint_label_url':
      return lexicalOf(child(nameplateMarking(CARBON_FOOTPRINT_LABEL), 'MarkingFile')) ?? null;
    case 'label_symbols_meaning':
      return lexicalOf(child(nameplateMarking(LABELS_MEANING), 'MarkingAdditionalText')) ?? null;
    case 'battery_chemistry':
      return lexicalOf(child(child(submodel, 'BatteryChemistry'), 'ShortName')) ?? null;
    case 'critical_raw_materials': {
      const names = children(child(submodel, 'BatteryMaterials') ?? collectionOf()).map((m) =>
        lexicalOf(child(m, 'BatteryMaterialName')),
      );
      return names.map((n) => field.options?.find((o) => o.label === n)?.value);
    }
    case 'carbon_footprint_total_kg_co2e':
    case 'carbon_footprint_per_kwh': {
      const unit = field.id === 'carbon_footprint_per_kwh' ? 'kWh' : 'piece';
      const entry = children(child(submodel, 'ProductCarbonFootprints') ?? collectionOf()).find(
        (e) => lexicalOf(child(e, 'ReferenceImpactUnitForCalculation')) === unit,
      );
      return parse(lexicalOf(child(entry, 'PcfCO2eq')));
    }
    case 'original_power_capability_kw':
    case 'original_power_capability_low_soc_kw': {
      const soc = field.id === 'original_power_capability_kw' ? '80' : '20';
      const list = child(
        child(child(submodel, 'TechnicalPropertyAreas'), 'PowerCapability'),
        'OriginalPowerCapability',
      );
      const entry = children(list ?? collectionOf()).find((e) => lexicalOf(child(e, 'atSoc')) === soc);
      return parse(lexicalOf(child(entry, 'powerCapabilityAt')));
    }
  }
  const recycled = /^recycled_(cobalt|lithium|nickel|lead)_/.exec(field.id);
  if (recycled?.[1]) {
    const entry = children(child(submodel, 'RecycledContentInformation') ?? collectionOf()).find(
      (e) => lexicalOf(child(e, 'RecycledMaterial')) === RECYCLED_MATERIALS[recycled[1] as string],
    );
    return parse(lexicalOf(child(entry, idta.idShortPath.split('.').pop() ?? '')));
  }
  const segments = idta.idShortPath.split('.');
  if (idta.part === '02035-3') {
    const entry = children(child(submodel, 'ProductCarbonFootprints') ?? collectionOf()).find(
      (e) => lexicalOf(child(e, 'ReferenceImpactUnitForCalculation')) === 'kWh',
    );
    const inEntry = segments.slice(1);
    const last = inEntry.at(-1) ?? '';
    if (last.endsWith('[]')) return parse(lexicalOf(children(child(entry, last.slice(0, -2)) ?? collectionOf())[0]));
    return parse(lexicalOf(child(entry, last)));
  }
  let at: Element | AasTypes.Submodel | undefined = submodel;
  for (const segment of segments) {
    if (segment.endsWith('[]')) {
      // A list of identifiers: the field's value is one of its entries.
      return children(child(at, segment.slice(0, -2)) ?? collectionOf()).map(lexicalOf);
    }
    at = child(at, segment);
  }
  return parse(lexicalOf(at as Element | undefined));
}

const collectionOf = () => new X.SubmodelElementCollection();

describe('AAS export (IDTA 02035 Digital Battery Passport, AAS V3.0)', () => {
  for (const category of BATTERY_CATEGORIES) {
    it(`${category}: the environment passes the AAS core verification with zero errors`, () => {
      const { environment } = roundTrip(sourceOf(category));
      expect(errorsOf(environment)).toEqual([]);
      expect(environment.submodels?.length).toBeGreaterThanOrEqual(4);
    });

    it(`${category}: every mapped public value reads back equal to the public JSON`, () => {
      const source = sourceOf(category);
      const { environment } = roundTrip(source);
      const dpp = buildPublicDpp(source.schema, {
        id: 'id',
        slug: source.slug,
        productName: source.productName,
        batteryCategory: category,
        version: 3,
        fields: source.fields,
        publishedAt: new Date(0),
        updatedAt: new Date(0),
        createdAt: new Date(0),
      });
      let compared = 0;
      for (const field of source.schema.fields) {
        if (field.access !== 'public' || !idtaReferenceOf(field.id) || field.type === 'array') continue;
        const place = publicPlacement(field);
        if (!place) continue;
        const section = (dpp as unknown as Record<string, Record<string, unknown>>)[place.section] ?? {};
        const jsonValue = (place.nested ? (section[place.nested] as Record<string, unknown>) : section)[place.member];
        if (jsonValue === null || jsonValue === undefined) continue;
        const exported = readBack(environment, field);
        if (field.type === 'boolean') continue; // markings, checked below
        if (Array.isArray(exported) && !Array.isArray(jsonValue)) expect(exported, field.id).toContain(jsonValue);
        else expect(exported, field.id).toEqual(jsonValue);
        compared++;
      }
      expect(compared).toBeGreaterThan(20);
      // Hazardous substances: each entry's members, in order.
      const substances = environment.submodels
        ?.find((s) => s.idShort === 'MaterialComposition')
        ?.submodelElements?.find((e) => e.idShort === 'HazardousSubstances');
      const entries = children(substances ?? collectionOf()).map((e) => ({
        name: lexicalOf(child(e, 'HazardousSubstanceName')),
        casNumber: lexicalOf(child(e, 'HazardousSubstanceIdentifier')),
        concentrationPct: Number(lexicalOf(child(e, 'HazardousSubstanceConcentration'))),
        location: lexicalOf(child(child(e, 'HazardousSubstanceLocation'), 'ComponentName')),
        hazardClass: lexicalOf(child(e, 'HazardousSubstanceClass')),
      }));
      expect(entries).toEqual(dpp.hazardousSubstances);
    });
  }

  it('names the battery: the resolver URI as global asset id, GTIN, serial and batch as specific asset ids', () => {
    const { environment } = roundTrip(sourceOf('EV_BATTERY'));
    const shell = environment.assetAdministrationShells?.[0];
    expect(shell?.assetInformation.assetKind).toBe(X.AssetKind.Instance);
    expect(shell?.assetInformation.globalAssetId).toBe(`${BASE}/01/04012345000016/21/SN-1`);
    expect(shell?.assetInformation.specificAssetIds?.map((s) => [s.name, s.value])).toEqual([
      ['gtin', '04012345000016'],
      ['serialNumber', 'SN-1'],
      ['batchNumber', 'B-7'],
    ]);
    expect(shell?.id).toBe(`${BASE}/api/dpp/vx-pack-1/aas`);
    expect(shell?.submodels?.map((r) => r.keys[0]?.value)).toEqual(environment.submodels?.map((s) => s.id));
    const nameplate = environment.submodels?.find((s) => s.idShort === 'BatteryNameplate');
    expect(lexicalOf(child(nameplate, 'URIOfTheProduct'))).toBe(`${BASE}/01/04012345000016/21/SN-1`);
    expect(lexicalOf(child(nameplate, 'SerialNumber'))).toBe('SN-1');
    expect(environment.submodels?.map((s) => s.semanticId?.keys[0]?.value)).toEqual(
      environment.submodels?.map((s) => Object.values(IDTA_PARTS).find((p) => p.idShort === s.idShort)?.semanticId),
    );
  });

  it('shows each symbol affixed as a nameplate marking, and none that is not', () => {
    const fields = { ...allFields('EV_BATTERY'), ce_marking: true, cadmium_symbol: false, lead_symbol: false };
    const { environment } = roundTrip(sourceOf('EV_BATTERY', fields));
    const nameplate = environment.submodels?.find((s) => s.idShort === 'BatteryNameplate');
    const names = children(child(nameplate, 'Markings') ?? collectionOf()).map((m) =>
      lexicalOf(child(m, 'MarkingName')),
    );
    expect(names).toContain('CE marking');
    expect(names).not.toContain('Cadmium symbol (Cd)');
    expect(names).not.toContain('Lead symbol (Pb)');
  });

  it('carries each unit with its value (IEC 61360 data specification) and keeps restricted values out', () => {
    const fields = {
      ...allFields('EV_BATTERY'),
      remaining_energy_kwh: 71.8123,
      accident_information: 'SECRET-ACCIDENT',
    };
    const { bytes, environment } = roundTrip(sourceOf('EV_BATTERY', fields));
    expect(bytes).not.toContain('71.8123');
    expect(bytes).not.toContain('SECRET-ACCIDENT');
    expect(bytes).not.toContain('RemainingEnergy');
    // Even handed the full field set, the builder reads public fields only.
    const unfiltered = { ...sourceOf('EV_BATTERY', fields), fields };
    expect(aasJson(buildAasEnvironment(unfiltered, BASE))).not.toContain('SECRET-ACCIDENT');
    const technical = environment.submodels?.find((s) => s.idShort === 'TechnicalData');
    const capacity = child(child(child(technical, 'TechnicalPropertyAreas'), 'CapacityEnergyVoltage'), 'RatedCapacity');
    const content = capacity?.embeddedDataSpecifications?.[0]?.dataSpecificationContent;
    expect(content instanceof X.DataSpecificationIec61360 ? content.unit : null).toBe('Ah');
  });

  it('leaves out a submodel the passport has no public data for (no carbon footprint on an LMT battery)', () => {
    const { environment } = roundTrip(sourceOf('LMT_BATTERY'));
    expect(environment.submodels?.map((s) => s.idShort)).not.toContain('CarbonFootprint');
    expect(environment.submodels?.map((s) => s.idShort)).not.toContain('HandoverDocumentation');
  });

  it('names a recorded version in its identifiers', () => {
    const environment = buildAasEnvironment(sourceOf('EV_BATTERY'), BASE, { version: 2 });
    expect(environment.assetAdministrationShells?.[0]?.id).toBe(`${BASE}/api/dpp/vx-pack-1/v/2/aas`);
    expect(environment.submodels?.[0]?.id).toMatch(
      /^https:\/\/passports\.example\/api\/dpp\/vx-pack-1\/v\/2\/aas\/submodels\//,
    );
    expect(errorsOf(environment)).toEqual([]);
  });
});

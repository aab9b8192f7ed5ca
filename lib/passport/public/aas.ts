/**
 * The passport as an Asset Administration Shell (AAS V3.0 Environment, `application/aas+json`): one shell for the
 * battery, its asset information (the resolver URI as global asset id, GTIN, serial and batch as specific asset
 * ids) and the submodels of IDTA 02035 "Digital Battery Passport" the passport has public data for, each element
 * with the template's idShort and semanticId (lib/schema/idta.ts). Built with the AAS core library's classes and
 * serialized with its jsonization; docs/decisions.md ("AAS export") records the mapping choices.
 *
 * Input is the public view only: the public fields (restricted ones never reach this module) by field id, as the
 * JSON and the version snapshot views hold them.
 */
import type { types as AasTypes } from '@aas-core-works/aas-core3.0-typescript';
import { IDTA_PARTS, type IdtaPart, type IdtaReference, idtaReferenceOf } from '../../schema/idta';
import type { CategorySchema, FieldDefinition } from '../../schema/types';
import { aasCore as aas } from './aas-core';

export const AAS_MEDIA_TYPE = 'application/aas+json';

/** What one export is built from: the passport's identity and its public field values by field id. */
export interface AasSource {
  slug: string;
  productName: string;
  batteryCategory: string;
  /** The published version the values belong to. */
  version: number;
  gtin: string | null;
  serialNumber: string | null;
  batchNumber: string | null;
  /** The passport's resolver path (`/01/{gtin}/21/{serial}`, `/dpp/{slug}`, …). */
  path: string;
  schema: CategorySchema;
  /** Public values only, by field id (array entries by member id). */
  fields: Record<string, unknown>;
}

const IEC_61360 = 'https://admin-shell.io/DataSpecificationTemplates/DataSpecificationIec61360/3/0';
const NAMEPLATE = 'urn:samm:io.admin-shell.idta.batterypass.digital_nameplate:1.0.0#';
const TECHNICAL = 'urn:samm:io.admin-shell.idta.batterypass.technical_data:1.0.0#';
const CONDITION = 'urn:samm:io.admin-shell.idta.batterypass.product_condition:1.0.1#';
const MATERIALS = 'urn:samm:io.admin-shell.idta.batterypass.material_composition:1.0.1#';
const CIRCULARITY = 'urn:samm:io.admin-shell.idta.batterypass.circularity:1.0.0#';
const CARBON = 'https://admin-shell.io/idta/CarbonFootprint/';

/** The templates' collections and lists that hold the fields' elements, by part and idShort path. */
const CONTAINERS: Partial<Record<IdtaPart, Record<string, string>>> = {
  '02035-1': {
    Markings: '0112/2///61360_7#AAS006',
    'Markings[]': '0112/2///61360_7#AAS009#001',
    EUDeclarationOfConformity: `${NAMEPLATE}euDeclarationOfConformity`,
  },
  '02035-3': {
    ProductCarbonFootprints: `${CARBON}ProductCarbonFootprints/1/0`,
    'ProductCarbonFootprints[]': `${CARBON}ProductCarbonFootprint/1/0`,
    'ProductCarbonFootprints[].PcfCalculationMethods': `${CARBON}PcfCalculationMethods/1/0`,
    'ProductCarbonFootprints[].WebLinkToPublicCarbonFootprintStudy':
      'urn:samm:io.admin-shell.idta.batterypass.carbon_footprint:1.0.0#webLinkToPublicCarbonFootprintStudy',
  },
  '02035-4': {
    GeneralInformation: '0173-1#02-ABK161#002/0173-1#01-AHX838#002',
    'GeneralInformation.WarrantyInformation':
      'urn:samm:io.admin-shell.idta.batterypass.technical_data:1.0.1#warrantyInformation',
    TechnicalPropertyAreas: '0173-1#02-ABK163#002',
    'TechnicalPropertyAreas.CapacityEnergyVoltage': `${TECHNICAL}capacityEnergyVoltage`,
    'TechnicalPropertyAreas.RoundTripEnergyEfficiency': `${TECHNICAL}roundTripEnergyEfficiency`,
    'TechnicalPropertyAreas.Resistance': `${TECHNICAL}resistance`,
    'TechnicalPropertyAreas.PowerCapability': `${TECHNICAL}powerCapability`,
    'TechnicalPropertyAreas.PowerCapability.OriginalPowerCapability': '0173-1#02-ABL853#002',
    'TechnicalPropertyAreas.PowerCapability.OriginalPowerCapability[]': `${TECHNICAL}PowerCapabilityAt`,
    'TechnicalPropertyAreas.Temperature': `${TECHNICAL}temperature`,
    'TechnicalPropertyAreas.Lifetime': `${TECHNICAL}lifetime`,
  },
  '02035-5': Object.fromEntries(
    [
      'EnergyThroughput',
      'CapacityThroughput',
      'NumberOfFullCycles',
      'StateOfCertifiedEnergy',
      'RemainingEnergy',
      'RemainingCapacity',
      'InformationOnAccidents',
      'TemperatureInformation',
      'RemainingPowerCapability',
      'CurrentSelfDischargingRate',
      'RemainingRoundTripEnergyEfficiency',
    ]
      .map((idShort) => [idShort, `${CONDITION}${idShort[0]?.toLowerCase()}${idShort.slice(1)}`])
      .concat([
        ['RemainingPowerCapability.RemainingPowerCapabilityDynamicAt', `${CONDITION}remainingPowerCapabilityDynamicAt`],
      ]),
  ),
  '02035-6': {
    BatteryChemistry: `${MATERIALS}batteryChemistry`,
    BatteryMaterials: `${MATERIALS}batteryMaterials`,
    'BatteryMaterials[]': `${MATERIALS}BatteryMaterial`,
    HazardousSubstances: `${MATERIALS}hazardousSubstances`,
    'HazardousSubstances[]': `${MATERIALS}HazardousSubstance`,
    'HazardousSubstances[].HazardousSubstanceLocation': `${MATERIALS}hazardousSubstanceLocation`,
  },
  '02035-7': {
    DismantlingAndRemovalInformation: `${CIRCULARITY}dismantlingAndRemovalInformation`,
    RecycledContentInformation: `${CIRCULARITY}recycledContent`,
    'RecycledContentInformation[]': `${CIRCULARITY}RecycledContent`,
    SafetyMeasures: `${CIRCULARITY}safetyMeasures`,
    'SafetyMeasures.SafetyInstructions': `${CIRCULARITY}safetyInstructions`,
    'SafetyMeasures.ExtinguishingAgents': `${CIRCULARITY}extinguishingAgents`,
    EndOfLifeInformation: `${CIRCULARITY}endOfLifeInformation`,
    'EndOfLifeInformation.WastePrevention': `${CIRCULARITY}wastePrevention`,
    'EndOfLifeInformation.SeparateCollection': `${CIRCULARITY}separateCollection`,
    'EndOfLifeInformation.InformationOnCollection': `${CIRCULARITY}informationOnCollection`,
  },
};

/** Elements the export fills from the passport itself or from constants, not from one field. */
const ELEMENT = {
  uriOfTheProduct: '0112/2///61987#ABN590#002',
  serialNumber: '0112/2///61987#ABA951#009',
  markingName: '0112/2///61987#ABA231#009',
  markingFile: '0112/2///61987#ABO100#002',
  markingAdditionalText: '0112/2///61987#ABB146#007',
  technicalManufacturerName: '0173-1#02-AAO677#004',
  batteryCategory: `${TECHNICAL}batteryCategory`,
  atSoc: `${TECHNICAL}atSoC`,
  referenceImpactUnit: '0173-1#02-ABG856#003',
  quantityOfMeasure: '0173-1#02-ABG857#003',
  clearName: `${MATERIALS}clearName`,
  isCriticalRawMaterial: `${MATERIALS}isCriticalRawMaterial`,
  recycledMaterial: `${CIRCULARITY}recycledMaterial`,
} as const;

/** The markings of the nameplate each symbol field stands for, when true. */
const MARKINGS: Record<string, string> = {
  ce_marking: 'CE marking',
  separate_collection_symbol: 'Separate collection symbol',
  cadmium_symbol: 'Cadmium symbol (Cd)',
  lead_symbol: 'Lead symbol (Pb)',
};
export const CARBON_FOOTPRINT_LABEL = 'Carbon footprint label';
export const LABELS_MEANING = 'Meaning of labels and symbols';

/** The state of charge each original power capability field is measured at (its field description). */
const POWER_CAPABILITY_AT_SOC: Record<string, number> = {
  original_power_capability_kw: 80,
  original_power_capability_low_soc_kw: 20,
};

/** The recycled-content fields by material: one RecycledContent entry per material. */
const RECYCLED = /^recycled_(cobalt|lithium|nickel|lead)_(pre|post)_consumer_pct$/;
export const RECYCLED_MATERIALS: Record<string, string> = {
  cobalt: 'Cobalt',
  lithium: 'Lithium',
  nickel: 'Nickel',
  lead: 'Lead',
};

// The lengths the metamodel allows (a longer value fails verification): such a value is left out, never cut.
const MAX_PATH = 2000;
const MAX_MULTI_LANGUAGE_TEXT = 1023;

const X = aas.types;
const ref = (id: string) =>
  new X.Reference(X.ReferenceTypes.ExternalReference, [new X.Key(X.KeyTypes.GlobalReference, id)]);
const modelRef = (id: string) => new X.Reference(X.ReferenceTypes.ModelReference, [new X.Key(X.KeyTypes.Submodel, id)]);

const isPresent = (value: unknown): boolean =>
  value !== null && value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0);

/** The unit of a value, carried with it as an IEC 61360 data specification (the element's label as its name). */
function unitOf(field: FieldDefinition): AasTypes.EmbeddedDataSpecification[] | null {
  if (!field.unit) return null;
  const content = new X.DataSpecificationIec61360([new X.LangStringPreferredNameTypeIec61360('en', field.label)]);
  content.unit = field.unit;
  return [new X.EmbeddedDataSpecification(ref(IEC_61360), content)];
}

/** A field value's XSD type and lexical form, by the service's field type (docs/decisions.md, "AAS export"). */
function typed(field: Pick<FieldDefinition, 'type'>, value: unknown): [AasTypes.DataTypeDefXsd, string] | null {
  switch (field.type) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? [X.DataTypeDefXsd.Double, String(value)] : null;
    case 'integer':
      return Number.isSafeInteger(value) ? [X.DataTypeDefXsd.Integer, String(value)] : null;
    case 'boolean':
      return typeof value === 'boolean' ? [X.DataTypeDefXsd.Boolean, String(value)] : null;
    case 'date':
      if (typeof value !== 'string') return null;
      return [/^\d{4}-\d{2}-\d{2}$/.test(value) ? X.DataTypeDefXsd.Date : X.DataTypeDefXsd.DateTime, value];
    case 'url':
      return typeof value === 'string' ? [X.DataTypeDefXsd.AnyUri, value] : null;
    default:
      return typeof value === 'string' ? [X.DataTypeDefXsd.String, value] : null;
  }
}

const lastSegment = (path: string) => path.slice(path.lastIndexOf('.') + 1).replace('[]', '');

function property(
  idShort: string | null,
  semanticId: string,
  valueType: AasTypes.DataTypeDefXsd,
  value: string,
  embedded: AasTypes.EmbeddedDataSpecification[] | null = null,
): AasTypes.Property {
  const p = new X.Property(valueType, null, null, idShort, null, null, ref(semanticId));
  p.value = value;
  p.embeddedDataSpecifications = embedded;
  return p;
}

const text = (idShort: string | null, semanticId: string, value: string) =>
  property(idShort, semanticId, X.DataTypeDefXsd.String, value);

function collection(idShort: string | null, semanticId: string, value: AasTypes.ISubmodelElement[]) {
  return new X.SubmodelElementCollection(null, null, idShort, null, null, ref(semanticId), null, null, null, value);
}

/** A list of elements of one kind and semanticId (their idShorts left out, as AAS V3.0 requires). */
function list(
  idShort: string,
  semanticId: string,
  itemSemanticId: string,
  items: AasTypes.ISubmodelElement[],
  valueType: AasTypes.DataTypeDefXsd | null = null,
) {
  const kind = valueType === null ? X.AasSubmodelElements.SubmodelElementCollection : X.AasSubmodelElements.Property;
  const l = new X.SubmodelElementList(kind, null, null, idShort, null, null, ref(semanticId));
  l.semanticIdListElement = ref(itemSemanticId);
  l.valueTypeListElement = valueType;
  l.value = items;
  return l;
}

/** Elements under idShort paths, collections made on the way; the order is the order of first mention. */
class Tree {
  private readonly children = new Map<string, Tree | AasTypes.ISubmodelElement>();

  constructor(
    private readonly part: IdtaPart,
    private readonly prefix = '',
  ) {}

  put(path: string, element: AasTypes.ISubmodelElement): void {
    const dot = path.indexOf('.');
    if (dot < 0) {
      this.children.set(path, element);
      return;
    }
    const head = path.slice(0, dot);
    let child = this.children.get(head);
    if (!(child instanceof Tree)) this.children.set(head, (child = new Tree(this.part, this.at(head))));
    child.put(path.slice(dot + 1), element);
  }

  /** Adds an element to the list at `path` (made on first use with the template's semanticIds). */
  push(path: string, item: AasTypes.ISubmodelElement, valueType: AasTypes.DataTypeDefXsd | null = null): void {
    const dot = path.indexOf('.');
    if (dot >= 0) {
      const head = path.slice(0, dot);
      let child = this.children.get(head);
      if (!(child instanceof Tree)) this.children.set(head, (child = new Tree(this.part, this.at(head))));
      child.push(path.slice(dot + 1), item, valueType);
      return;
    }
    let target = this.children.get(path);
    if (!target) {
      const itemSemanticId = item.semanticId?.keys[0]?.value ?? '';
      target = list(path, this.semanticIdOf(this.at(path)), itemSemanticId, [], valueType);
      this.children.set(path, target);
    }
    (target as AasTypes.SubmodelElementList).value?.push(item);
  }

  get isEmpty(): boolean {
    return this.children.size === 0;
  }

  elements(): AasTypes.ISubmodelElement[] {
    return [...this.children.entries()].map(([idShort, child]) =>
      child instanceof Tree ? collection(idShort, this.semanticIdOf(child.prefix), child.elements()) : child,
    );
  }

  private at(idShort: string): string {
    return this.prefix ? `${this.prefix}.${idShort}` : idShort;
  }

  private semanticIdOf(path: string): string {
    const semanticId = CONTAINERS[this.part]?.[path];
    if (!semanticId) throw new Error(`No semanticId for ${this.part} ${path}`);
    return semanticId;
  }
}

interface Mapped {
  field: FieldDefinition;
  idta: IdtaReference;
  value: unknown;
}

/** The label of an option value, for elements that name a thing (a material, a chemistry) rather than code it. */
const labelOf = (field: FieldDefinition, value: string) =>
  field.options?.find((o) => o.value === value)?.label ?? value;

/** Fields the builders below place themselves; every other mapped field is placed by its idShort path. */
const PLACED_APART = new Set([
  ...Object.keys(MARKINGS),
  'label_symbols_meaning',
  'carbon_footprint_label_url',
  'battery_chemistry',
  'critical_raw_materials',
  'hazardous_substances',
  ...Object.keys(POWER_CAPABILITY_AT_SOC),
]);

function submodelTrees(source: AasSource, globalAssetId: string): Map<IdtaPart, Tree> {
  const trees = new Map<IdtaPart, Tree>();
  const tree = (part: IdtaPart) => {
    let t = trees.get(part);
    if (!t) trees.set(part, (t = new Tree(part)));
    return t;
  };
  const mapped: Mapped[] = [];
  const byId = new Map<string, Mapped>();
  for (const field of source.schema.fields) {
    // Only public fields: a restricted value never reaches the export, even if a caller passed one.
    if (field.access !== 'public') continue;
    const idta = idtaReferenceOf(field.id);
    const value = source.fields[field.id];
    if (!idta || !isPresent(value)) continue;
    const m = { field, idta, value };
    mapped.push(m);
    byId.set(field.id, m);
  }

  // Part 1: the passport's own identifiers first, then the fields in schema order.
  const nameplate = tree('02035-1');
  if (source.serialNumber)
    nameplate.put('SerialNumber', text('SerialNumber', ELEMENT.serialNumber, source.serialNumber));

  const recycled = new Map<string, AasTypes.ISubmodelElement[]>();
  const carbonPerKwh: AasTypes.ISubmodelElement[] = [];
  for (const m of mapped) {
    const { field, idta, value } = m;
    if (PLACED_APART.has(field.id)) continue;
    const t = typed(field, value);
    if (!t) continue;
    const [valueType, lexical] = t;
    const idShort = lastSegment(idta.idShortPath);
    const recycledMatch = RECYCLED.exec(field.id);
    if (recycledMatch?.[1]) {
      const entry = recycled.get(recycledMatch[1]) ?? [];
      entry.push(property(idShort, idta.semanticId, valueType, lexical, unitOf(field)));
      recycled.set(recycledMatch[1], entry);
      continue;
    }
    if (idta.part === '02035-3') {
      if (field.id === 'carbon_footprint_total_kg_co2e') continue; // its own footprint entry below
      const inEntry = idta.idShortPath.slice('ProductCarbonFootprints[].'.length);
      if (inEntry.endsWith('[]')) {
        const listName = inEntry.slice(0, -2);
        carbonPerKwh.push(
          list(
            listName,
            CONTAINERS['02035-3']?.[`ProductCarbonFootprints[].${listName}`] ?? '',
            idta.semanticId,
            [text(null, idta.semanticId, lexical)],
            X.DataTypeDefXsd.String,
          ),
        );
      } else carbonPerKwh.push(property(idShort, idta.semanticId, valueType, lexical, unitOf(field)));
      continue;
    }
    if (idta.idShortPath.endsWith('[]')) {
      // A list of identifiers (documents, extinguishing agents): one string entry per field.
      tree(idta.part as IdtaPart).push(
        idta.idShortPath.slice(0, -2),
        text(null, idta.semanticId, lexical),
        X.DataTypeDefXsd.String,
      );
      continue;
    }
    if (field.id === 'manufacturer_name') {
      if (lexical.length > MAX_MULTI_LANGUAGE_TEXT) continue;
      const mlp = new X.MultiLanguageProperty(null, null, idShort, null, null, ref(idta.semanticId));
      mlp.value = [new X.LangStringTextType('en', lexical)];
      nameplate.put(idShort, mlp);
      tree('02035-4').put(
        'GeneralInformation.ManufacturerName',
        text('ManufacturerName', ELEMENT.technicalManufacturerName, lexical),
      );
      continue;
    }
    tree(idta.part as IdtaPart).put(
      idta.idShortPath,
      property(idShort, idta.semanticId, valueType, lexical, unitOf(field)),
    );
    if (field.id === 'manufacturer_identifier') {
      tree('02035-4').put(
        'GeneralInformation.ManufacturerIdentifier',
        property(idShort, idta.semanticId, valueType, lexical),
      );
    }
  }
  nameplate.put(
    'URIOfTheProduct',
    property('URIOfTheProduct', ELEMENT.uriOfTheProduct, X.DataTypeDefXsd.AnyUri, globalAssetId),
  );

  // Part 1 markings: each symbol affixed, the carbon footprint label, the meaning of the labels.
  const marking = (name: string, more: AasTypes.ISubmodelElement[] = []) =>
    nameplate.push(
      'Markings',
      collection(null, CONTAINERS['02035-1']?.['Markings[]'] ?? '', [
        text('MarkingName', ELEMENT.markingName, name),
        ...more,
      ]),
    );
  for (const [id, name] of Object.entries(MARKINGS)) if (byId.get(id)?.value === true) marking(name);
  const label = byId.get('carbon_footprint_label_url')?.value;
  if (typeof label === 'string' && label.length <= MAX_PATH) {
    // The service knows the label's address, not its media type: octet-stream says exactly that (RFC 2046).
    const file = new X.File(
      'application/octet-stream',
      null,
      null,
      'MarkingFile',
      null,
      null,
      ref(ELEMENT.markingFile),
    );
    file.value = label;
    marking(CARBON_FOOTPRINT_LABEL, [file]);
  }
  const meaning = byId.get('label_symbols_meaning')?.value;
  if (typeof meaning === 'string')
    marking(LABELS_MEANING, [text('MarkingAdditionalText', ELEMENT.markingAdditionalText, meaning)]);

  // Part 3: the footprint per functional unit (kWh) and the absolute one (per battery), each an entry.
  const footprints = CONTAINERS['02035-3'] ?? {};
  const footprint = (perUnit: string, elements: AasTypes.ISubmodelElement[]) =>
    tree('02035-3').push(
      'ProductCarbonFootprints',
      collection(null, footprints['ProductCarbonFootprints[]'] ?? '', [
        ...elements,
        text('ReferenceImpactUnitForCalculation', ELEMENT.referenceImpactUnit, perUnit),
        property('QuantityOfMeasureForCalculation', ELEMENT.quantityOfMeasure, X.DataTypeDefXsd.Double, '1'),
      ]),
    );
  if (byId.has('carbon_footprint_per_kwh')) footprint('kWh', carbonPerKwh);
  const total = byId.get('carbon_footprint_total_kg_co2e');
  if (total && typeof total.value === 'number')
    footprint('piece', [
      property('PcfCO2eq', total.idta.semanticId, X.DataTypeDefXsd.Double, String(total.value), unitOf(total.field)),
    ]);

  // Part 4: the original power capability at each state of charge.
  for (const [id, soc] of Object.entries(POWER_CAPABILITY_AT_SOC)) {
    const m = byId.get(id);
    if (!m || typeof m.value !== 'number') continue;
    tree('02035-4').push(
      'TechnicalPropertyAreas.PowerCapability.OriginalPowerCapability',
      collection(
        null,
        CONTAINERS['02035-4']?.['TechnicalPropertyAreas.PowerCapability.OriginalPowerCapability[]'] ?? '',
        [
          property('atSoc', ELEMENT.atSoc, X.DataTypeDefXsd.Double, String(soc)),
          property('powerCapabilityAt', m.idta.semanticId, X.DataTypeDefXsd.Double, String(m.value), unitOf(m.field)),
        ],
      ),
    );
  }
  const category = tree('02035-4');
  if (!category.isEmpty)
    category.put(
      'GeneralInformation.BatteryCategory',
      text('BatteryCategory', ELEMENT.batteryCategory, source.batteryCategory),
    );

  // Part 6: chemistry, critical raw materials, hazardous substances.
  const chemistry = byId.get('battery_chemistry');
  if (chemistry && typeof chemistry.value === 'string') {
    tree('02035-6').put('BatteryChemistry.ShortName', text('ShortName', chemistry.idta.semanticId, chemistry.value));
    tree('02035-6').put(
      'BatteryChemistry.ClearName',
      text('ClearName', ELEMENT.clearName, labelOf(chemistry.field, chemistry.value)),
    );
  }
  const critical = byId.get('critical_raw_materials');
  if (critical && Array.isArray(critical.value)) {
    for (const material of critical.value) {
      if (typeof material !== 'string') continue;
      tree('02035-6').push(
        'BatteryMaterials',
        collection(null, CONTAINERS['02035-6']?.['BatteryMaterials[]'] ?? '', [
          text('BatteryMaterialName', critical.idta.semanticId, labelOf(critical.field, material)),
          property('IsCriticalRawMaterial', ELEMENT.isCriticalRawMaterial, X.DataTypeDefXsd.Boolean, 'true'),
        ]),
      );
    }
  }
  const hazardous = byId.get('hazardous_substances');
  if (hazardous && Array.isArray(hazardous.value)) {
    const members = (hazardous.field.items ?? []).filter((m) => m.access === 'public');
    for (const entry of hazardous.value as Record<string, unknown>[]) {
      const substance = new Tree('02035-6', 'HazardousSubstances[]');
      for (const member of members) {
        const idta = idtaReferenceOf(`hazardous_substances.${member.id}`);
        const t = idta && isPresent(entry?.[member.id]) ? typed(member, entry[member.id]) : null;
        if (!idta || !t) continue;
        const path = idta.idShortPath.slice('HazardousSubstances[].'.length);
        substance.put(path, property(lastSegment(path), idta.semanticId, t[0], t[1], unitOf(member)));
      }
      tree('02035-6').push(
        'HazardousSubstances',
        collection(null, CONTAINERS['02035-6']?.['HazardousSubstances[]'] ?? '', substance.elements()),
      );
    }
  }

  // Part 7: one recycled-content entry per material.
  for (const [material, shares] of recycled) {
    tree('02035-7').push(
      'RecycledContentInformation',
      collection(null, CONTAINERS['02035-7']?.['RecycledContentInformation[]'] ?? '', [
        text('RecycledMaterial', ELEMENT.recycledMaterial, RECYCLED_MATERIALS[material] ?? material),
        ...shares,
      ]),
    );
  }
  return trees;
}

/** The shell's and each submodel's identifier: under the export's own address, stable across revisions. */
export function aasIdentifiers(baseUrl: string, slug: string, version?: number) {
  const shell = `${baseUrl}/api/dpp/${encodeURIComponent(slug)}${version === undefined ? '' : `/v/${version}`}/aas`;
  return { shell, submodel: (part: IdtaPart) => `${shell}/submodels/${IDTA_PARTS[part].idShort}` };
}

/**
 * The AAS V3.0 environment of a passport's public view. `version` set: the export of that recorded version
 * (`/api/dpp/{slug}/v/{n}/aas`), whose identifiers name the version; unset: the current passport.
 */
export function buildAasEnvironment(
  source: AasSource,
  baseUrl: string,
  options: { version?: number } = {},
): AasTypes.Environment {
  const globalAssetId = `${baseUrl}${source.path}`;
  const ids = aasIdentifiers(baseUrl, source.slug, options.version);
  const trees = submodelTrees(source, globalAssetId);
  const submodels: AasTypes.Submodel[] = [];
  for (const part of Object.keys(IDTA_PARTS) as IdtaPart[]) {
    const t = trees.get(part);
    if (!t || t.isEmpty) continue;
    const elements = t.elements();
    const submodel = new X.Submodel(ids.submodel(part), null, null, IDTA_PARTS[part].idShort);
    submodel.kind = X.ModellingKind.Instance;
    submodel.semanticId = ref(IDTA_PARTS[part].semanticId);
    submodel.submodelElements = elements;
    submodels.push(submodel);
  }
  const specificAssetIds = [
    ['gtin', source.gtin],
    ['serialNumber', source.serialNumber],
    ['batchNumber', source.batchNumber],
  ]
    .filter((pair): pair is [string, string] => typeof pair[1] === 'string' && pair[1] !== '')
    .map(([name, value]) => new X.SpecificAssetId(name, value));
  const assetInformation = new X.AssetInformation(
    X.AssetKind.Instance,
    globalAssetId,
    specificAssetIds.length > 0 ? specificAssetIds : null,
  );
  const model = source.fields.model_number;
  if (typeof model === 'string' && model !== '') assetInformation.assetType = model;
  const shell = new X.AssetAdministrationShell(ids.shell, assetInformation);
  shell.idShort = 'BatteryPassport';
  shell.displayName = source.productName.length <= 128 ? [new X.LangStringNameType('en', source.productName)] : null;
  if (source.version <= 9999) shell.administration = new X.AdministrativeInformation(null, String(source.version));
  shell.submodels = submodels.length > 0 ? submodels.map((s) => modelRef(s.id)) : null;
  return new X.Environment([shell], submodels.length > 0 ? submodels : null);
}

/** The environment as served: the AAS core library's JSON serialization. */
export const aasJson = (environment: AasTypes.Environment): string =>
  JSON.stringify(aas.jsonization.toJsonable(environment));

// Category field schemas derived from: Battery Pass consortium, Data Attribute Longlist v1.2 (CC BY 4.0).
import { type BatteryPassAttribute, getBatteryPassAttribute, type Obligation } from './attribute-coverage';
import { ALL_FIELD_SPECS, BMS_DYNAMIC_FIELD_IDS, type FieldSpec } from './fields';
import { levelRule } from './levels';
import { BATTERY_CATEGORIES, type BatteryCategory, type CategorySchema, type FieldDefinition } from './types';

/**
 * Version 2 adds each field's level (`level`, and `overridable` for model-level fields) to version 1's fields;
 * version 3 adds the mandated `commodity_code` (the CN code the EU registry takes) to version 2's.
 */
export const CURRENT_SCHEMA_VERSION = 3;
/** The first schema version whose fields carry levels; older versions read as all model-level and overridable. */
export const LEVELS_SINCE_VERSION = 2;
/** Every installed version: a version never changes once installed, so versions 1 and 2 stay exactly as they were. */
export const SCHEMA_VERSIONS: readonly number[] = [1, 2, 3];

export interface CategoryInfo {
  code: BatteryCategory;
  name: string;
  description: string;
  regulationScope: string;
  /** Art. 77(1) requires a battery passport; SLI and portable passports are voluntary. */
  passportRequired: boolean;
}

export const CATEGORY_INFO: Record<BatteryCategory, CategoryInfo> = {
  EV_BATTERY: {
    code: 'EV_BATTERY',
    name: 'Electric vehicle battery',
    description:
      'A battery specifically designed to provide electric power for traction in hybrid or electric vehicles of ' +
      'category L weighing more than 25 kg, or of categories M, N or O.',
    regulationScope:
      'Regulation (EU) 2023/1542, Art. 3(1)(14). Battery passport required from 18 February 2027 (Art. 77(1)); ' +
      'carbon footprint (Art. 7), recycled content (Art. 8), performance and durability (Art. 10), supply chain ' +
      'due diligence (Art. 47-52) and state of health (Art. 14) apply.',
    passportRequired: true,
  },
  LMT_BATTERY: {
    code: 'LMT_BATTERY',
    name: 'Light means of transport (LMT) battery',
    description:
      'A sealed battery of 25 kg or less specifically designed to provide electric power for the traction of ' +
      'wheeled vehicles powered by an electric motor alone or with human power, such as e-bikes and e-scooters.',
    regulationScope:
      'Regulation (EU) 2023/1542, Art. 3(1)(11). Battery passport required from 18 February 2027 (Art. 77(1)); ' +
      'recycled content, performance and durability, due diligence and state of health apply. This service ' +
      'publishes no carbon footprint for LMT batteries.',
    passportRequired: true,
  },
  INDUSTRIAL_BATTERY: {
    code: 'INDUSTRIAL_BATTERY',
    name: 'Industrial battery',
    description:
      'A battery designed for industrial uses, intended for them after repurposing, or any other battery over ' +
      '5 kg that is not an EV, LMT or SLI battery; includes stationary battery energy storage systems.',
    regulationScope:
      'Regulation (EU) 2023/1542, Art. 3(1)(13). Battery passport required for capacities above 2 kWh from ' +
      '18 February 2027 (Art. 77(1)); carbon footprint (Art. 7, rechargeable, above 2 kWh), recycled content, ' +
      'performance and durability, due diligence and state of health apply.',
    passportRequired: true,
  },
  SLI_BATTERY: {
    code: 'SLI_BATTERY',
    name: 'Starting, lighting and ignition (SLI) battery',
    description:
      'A battery specifically designed to supply electric power for starter, lighting or ignition, also usable for ' +
      'auxiliary or backup purposes, in vehicles, other means of transport or machinery.',
    regulationScope:
      'Regulation (EU) 2023/1542, Art. 3(1)(12). No battery passport is required (Art. 77(1)); this passport is ' +
      'voluntary and mandates the label and conformity information every battery carries (Art. 13, Annex VI, ' +
      'Art. 18).',
    passportRequired: false,
  },
  PORTABLE_BATTERY: {
    code: 'PORTABLE_BATTERY',
    name: 'Portable battery',
    description:
      'A sealed battery of 5 kg or less, not designed specifically for industrial uses, that is not an EV, LMT or ' +
      'SLI battery.',
    regulationScope:
      'Regulation (EU) 2023/1542, Art. 3(1)(9). No battery passport is required (Art. 77(1)); this passport is ' +
      'voluntary and mandates the label and conformity information every battery carries (Art. 13, Annex VI, ' +
      'Art. 18).',
    passportRequired: false,
  },
};

/**
 * Attributes mandated for SLI and portable batteries, which the longlist has no column for: those marked x in all
 * four columns whose legal basis applies to every battery (label information of Art. 13 and Annex VI, the EU
 * declaration of conformity of Art. 18).
 */
export const LABEL_ATTRIBUTE_NUMBERS: readonly number[] = [4, 5, 6, 10, 12, 13, 15, 17, 31, 32, 34];

const CARBON_FOOTPRINT_CATEGORIES: readonly BatteryCategory[] = ['EV_BATTERY', 'INDUSTRIAL_BATTERY'];
const BMS_FIELDS: ReadonlySet<string> = new Set(BMS_DYNAMIC_FIELD_IDS);

/** The longlist columns for a category; stationary storage is an industrial battery, so industrial reads both. */
function columns(a: BatteryPassAttribute, category: BatteryCategory): Obligation[] | null {
  switch (category) {
    case 'EV_BATTERY':
      return [a.ev];
    case 'LMT_BATTERY':
      return [a.lmt];
    case 'INDUSTRIAL_BATTERY':
      return [a.industrial, a.stationary];
    default:
      return null;
  }
}

export function isAttributeMandatory(a: BatteryPassAttribute, category: BatteryCategory): boolean {
  const cols = columns(a, category);
  return cols ? cols.includes('x') : LABEL_ATTRIBUTE_NUMBERS.includes(a.no);
}

/** SLI and portable batteries take the attributes that apply to all four longlist columns. */
export function isAttributeApplicable(a: BatteryPassAttribute, category: BatteryCategory): boolean {
  const cols = columns(a, category);
  return cols ? cols.some((c) => c !== '') : [a.ev, a.lmt, a.industrial, a.stationary].every((c) => c !== '');
}

function attributesOf(spec: FieldSpec): BatteryPassAttribute[] {
  return spec.reference.batteryPass.map((no) => {
    const a = getBatteryPassAttribute(no);
    if (!a) throw new Error(`Field ${spec.id} references unknown Battery Pass attribute ${no}`);
    return a;
  });
}

function isPresent(spec: FieldSpec, category: BatteryCategory): boolean {
  if (spec.group === 'carbonFootprint') return CARBON_FOOTPRINT_CATEGORIES.includes(category);
  // The telemetry endpoint writes these for any product, so every category must accept them.
  if (BMS_FIELDS.has(spec.id)) return true;
  const attributes = attributesOf(spec);
  return attributes.length === 0 || attributes.some((a) => isAttributeApplicable(a, category));
}

function isMandated(spec: FieldSpec, category: BatteryCategory): boolean {
  if (spec.mandate === 'always') return true;
  if (spec.mandate === 'never') return false;
  // In-use values arrive after publication, so they can never block a submission.
  return attributesOf(spec).some((a) => !a.inUse && isAttributeMandatory(a, category));
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * A reference as installed: without its IDTA element, which came after versions 1 to 3 were installed and is read
 * from lib/schema/idta.ts by the AAS export, so every installed version keeps its hash.
 */
function installedReference({ idta: _idta, ...reference }: FieldDefinition['reference']): FieldDefinition['reference'] {
  return reference;
}

function toDefinition(spec: FieldSpec, category: BatteryCategory, version: number): FieldDefinition {
  const { mandate: _mandate, since: _since, id, label, type, unit, reference, items, ...rest } = spec;
  const levels = version >= LEVELS_SINCE_VERSION ? levelRule(spec) : {};
  return structuredClone({
    id,
    label,
    type,
    unit,
    mandated: isMandated(spec, category),
    ...rest,
    ...(items ? { items: items.map((item) => ({ ...item, reference: installedReference(item.reference) })) } : {}),
    reference: installedReference(reference),
    ...levels,
  });
}

function buildCategorySchema(category: BatteryCategory, version: number): CategorySchema {
  const fields = ALL_FIELD_SPECS.filter((s) => (s.since ?? 1) <= version && isPresent(s, category)).map((s) =>
    toDefinition(s, category, version),
  );
  // Shared reference data: a caller that mutates a schema would change it for every request.
  return deepFreeze({ category, version, fields });
}

/** Each category's schema at every installed version, oldest first. */
export const CATEGORY_SCHEMA_VERSIONS = Object.fromEntries(
  BATTERY_CATEGORIES.map((c): [BatteryCategory, readonly CategorySchema[]] => [
    c,
    SCHEMA_VERSIONS.map((v) => buildCategorySchema(c, v)),
  ]),
) as Record<BatteryCategory, readonly CategorySchema[]>;

/** Each category's schema at the current version. */
export const CATEGORY_SCHEMAS: Record<BatteryCategory, CategorySchema> = Object.fromEntries(
  BATTERY_CATEGORIES.map((c) => [c, CATEGORY_SCHEMA_VERSIONS[c].find((s) => s.version === CURRENT_SCHEMA_VERSION)]),
) as Record<BatteryCategory, CategorySchema>;

export function isBatteryCategory(code: unknown): code is BatteryCategory {
  return typeof code === 'string' && (BATTERY_CATEGORIES as readonly string[]).includes(code);
}

/** The schema of a category at a version (default: current); null for an unknown code or version. */
export function getCategorySchema(code: string, version: number = CURRENT_SCHEMA_VERSION): CategorySchema | null {
  if (!isBatteryCategory(code)) return null;
  return CATEGORY_SCHEMA_VERSIONS[code].find((s) => s.version === version) ?? null;
}

// Field schemas derived from: Battery Pass consortium, Data Attribute Longlist v1.2 (CC BY 4.0).
import type { FieldDefinition, FieldOption } from '@/lib/schema/types';
import { CAS_PATTERN, LONG_TEXT, SHORT_TEXT, type FieldSpec } from './spec';

const CHEMISTRIES: FieldOption[] = [
  { value: 'NMC', label: 'Lithium nickel manganese cobalt oxide (NMC)' },
  { value: 'NCA', label: 'Lithium nickel cobalt aluminium oxide (NCA)' },
  { value: 'LFP', label: 'Lithium iron phosphate (LFP)' },
  { value: 'LMFP', label: 'Lithium manganese iron phosphate (LMFP)' },
  { value: 'LMO', label: 'Lithium manganese oxide (LMO)' },
  { value: 'LCO', label: 'Lithium cobalt oxide (LCO)' },
  { value: 'LTO', label: 'Lithium titanate anode (LTO)' },
  { value: 'LI_METAL', label: 'Lithium metal' },
  { value: 'LI_PRIMARY', label: 'Primary lithium (non-rechargeable)' },
  { value: 'NA_ION', label: 'Sodium-ion' },
  { value: 'LEAD_ACID', label: 'Lead-acid' },
  { value: 'NIMH', label: 'Nickel-metal hydride (NiMH)' },
  { value: 'NICD', label: 'Nickel-cadmium (NiCd)' },
  { value: 'ALKALINE', label: 'Alkaline zinc-manganese dioxide' },
  { value: 'ZINC_CARBON', label: 'Zinc-carbon' },
  { value: 'ZINC_AIR', label: 'Zinc-air' },
  { value: 'OTHER', label: 'Other' },
];

// Battery-relevant entries of the EU critical raw materials list (Regulation (EU) 2024/1252, Annex II).
const CRITICAL_RAW_MATERIALS: FieldOption[] = [
  { value: 'cobalt', label: 'Cobalt' },
  { value: 'lithium', label: 'Lithium' },
  { value: 'natural_graphite', label: 'Natural graphite' },
  { value: 'nickel', label: 'Nickel' },
  { value: 'manganese', label: 'Manganese' },
  { value: 'copper', label: 'Copper' },
  { value: 'aluminium', label: 'Aluminium' },
  { value: 'phosphorus', label: 'Phosphorus' },
  { value: 'fluorspar', label: 'Fluorspar' },
  { value: 'silicon_metal', label: 'Silicon metal' },
  { value: 'titanium_metal', label: 'Titanium metal' },
  { value: 'antimony', label: 'Antimony' },
  { value: 'vanadium', label: 'Vanadium' },
];

const COMPONENTS: FieldOption[] = [
  { value: 'cathode', label: 'Cathode' },
  { value: 'anode', label: 'Anode' },
  { value: 'electrolyte', label: 'Electrolyte' },
  { value: 'separator', label: 'Separator' },
  { value: 'cell_casing', label: 'Cell casing' },
  { value: 'module', label: 'Module' },
  { value: 'pack_housing', label: 'Pack housing' },
  { value: 'electronics', label: 'Battery management electronics' },
  { value: 'other', label: 'Other' },
];

// Hazard classes of the CLP Regulation (EC) 1272/2008, Annex I, the ones the Battery Pass model names.
const HAZARD_CLASSES: FieldOption[] = [
  { value: 'acute_toxicity', label: 'Acute toxicity' },
  { value: 'skin_corrosion_irritation', label: 'Skin corrosion or irritation' },
  { value: 'serious_eye_damage', label: 'Serious eye damage or eye irritation' },
  { value: 'respiratory_sensitisation', label: 'Respiratory sensitisation' },
  { value: 'skin_sensitisation', label: 'Skin sensitisation' },
  { value: 'germ_cell_mutagenicity', label: 'Germ cell mutagenicity' },
  { value: 'carcinogenicity', label: 'Carcinogenicity' },
  { value: 'reproductive_toxicity', label: 'Reproductive toxicity' },
  { value: 'specific_target_organ_toxicity', label: 'Specific target organ toxicity' },
  { value: 'aquatic_hazard', label: 'Hazardous to the aquatic environment' },
  { value: 'ozone_layer_hazard', label: 'Hazardous to the ozone layer' },
  { value: 'flammable', label: 'Flammable' },
];

const HAZARD_REF = { batteryPass: [34], regulation: 'Annex XIII (1)(b); Annex VI Part A (8)' };
const item = (d: Omit<FieldDefinition, 'access' | 'group' | 'dynamic' | 'reference'>): FieldDefinition => ({
  ...d, access: 'public', group: 'hazardousSubstances', dynamic: false, reference: HAZARD_REF,
});

const COMPOSITION_REF = { batteryPass: [33], regulation: 'Annex XIII (2)(a)' };

export const MATERIALS_FIELDS: FieldSpec[] = [
  {
    id: 'battery_chemistry', label: 'Battery chemistry', type: 'enum', unit: null, options: CHEMISTRIES,
    access: 'public', group: 'materials', dynamic: false, example: 'NMC',
    reference: { batteryPass: [31], regulation: 'Annex XIII (1)(b); Annex VI Part A (7)' },
  },
  {
    id: 'critical_raw_materials', label: 'Critical raw materials', type: 'multi_enum', unit: null,
    options: CRITICAL_RAW_MATERIALS, maxLength: CRITICAL_RAW_MATERIALS.length,
    access: 'public', group: 'materials', dynamic: false,
    example: ['cobalt', 'lithium', 'natural_graphite', 'nickel', 'manganese', 'copper', 'aluminium'],
    reference: { batteryPass: [32], regulation: 'Annex XIII (1)(b); Annex VI Part A (10)' },
    description: 'Critical raw materials present above 0.1 % weight by weight.',
  },
  {
    id: 'cathode_materials', label: 'Cathode materials', ...SHORT_TEXT, maxLength: 1000,
    access: 'legitimate_interest', group: 'materials', dynamic: false,
    example: 'LiNi0.8Mn0.1Co0.1O2 (NMC 811), PVDF binder, carbon black, aluminium foil',
    reference: COMPOSITION_REF,
  },
  {
    id: 'anode_materials', label: 'Anode materials', ...SHORT_TEXT, maxLength: 1000,
    access: 'legitimate_interest', group: 'materials', dynamic: false,
    example: 'Natural and synthetic graphite with 5 % SiOx, CMC/SBR binder, copper foil',
    reference: COMPOSITION_REF,
  },
  {
    id: 'electrolyte_materials', label: 'Electrolyte materials', ...SHORT_TEXT, maxLength: 1000,
    access: 'legitimate_interest', group: 'materials', dynamic: false,
    example: '1.2 M LiPF6 in ethylene carbonate and ethyl methyl carbonate (3:7), vinylene carbonate additive',
    reference: COMPOSITION_REF,
  },
  {
    id: 'hazardous_substances', label: 'Hazardous substances', type: 'array', unit: null, maxLength: 50,
    items: [
      item({ id: 'name', label: 'Substance name', type: 'string', unit: null, mandated: true, maxLength: 200,
        example: 'Lithium hexafluorophosphate' }),
      item({ id: 'cas_number', label: 'CAS number', type: 'string', unit: null, mandated: true, maxLength: 12,
        pattern: CAS_PATTERN, example: '21324-40-3' }),
      item({ id: 'concentration_pct', label: 'Concentration', type: 'number', unit: '%', mandated: true,
        min: 0, max: 100, example: 1.2 }),
      item({ id: 'location', label: 'Location in the battery', type: 'enum', unit: null, mandated: false,
        options: COMPONENTS, example: 'electrolyte' }),
      item({ id: 'hazard_class', label: 'Hazard class', type: 'enum', unit: null, mandated: false,
        options: HAZARD_CLASSES, example: 'acute_toxicity' }),
    ],
    access: 'public', group: 'hazardousSubstances', dynamic: false,
    example: [
      { name: 'Lithium hexafluorophosphate', cas_number: '21324-40-3', concentration_pct: 1.2,
        location: 'electrolyte', hazard_class: 'acute_toxicity' },
      { name: 'Lithium nickel manganese cobalt oxide', cas_number: '346417-97-8', concentration_pct: 24.5,
        location: 'cathode', hazard_class: 'carcinogenicity' },
    ],
    reference: HAZARD_REF,
    description: 'Substances other than mercury, cadmium and lead above the thresholds of Annex VI Part A (8).',
  },
  {
    id: 'hazardous_substances_impact', label: 'Impact of substances on environment, health and safety',
    ...LONG_TEXT,
    access: 'public', group: 'hazardousSubstances', dynamic: false,
    example: 'The electrolyte releases hydrogen fluoride when overheated; cathode dust may cause cancer by ' +
      'inhalation. Do not open cells; recycle through an authorised treatment facility.',
    reference: { batteryPass: [35], regulation: 'Annex XIII (1)(s); Art. 74(1)(f)' },
  },
];

// Field schemas derived from: Battery Pass consortium, Data Attribute Longlist v1.2 (CC BY 4.0).
// Only the EV_BATTERY and INDUSTRIAL_BATTERY schemas carry these fields (see categories.ts).
import { PERCENT, SHORT_TEXT, URL_FIELD, type FieldSpec } from './spec';

const ART_7 = 'Annex XIII (1)(c); Art. 7';

export const CARBON_FOOTPRINT_FIELDS: FieldSpec[] = [
  {
    id: 'carbon_footprint_per_kwh', label: 'Carbon footprint per functional unit', type: 'number',
    unit: 'kg CO2e/kWh', min: 0, max: 10_000,
    access: 'public', group: 'carbonFootprint', dynamic: false, example: 0.05,
    reference: { batteryPass: [19], regulation: ART_7 },
    description: 'Per kWh of the total energy the battery provides over its expected service life (Art. 7).',
  },
  {
    id: 'carbon_footprint_total_kg_co2e', label: 'Absolute carbon footprint', type: 'number', unit: 'kg CO2e',
    min: 0, max: 1_000_000_000,
    access: 'public', group: 'carbonFootprint', dynamic: false, example: 5600,
    reference: { batteryPass: [27], regulation: 'Voluntary (Battery Pass 6.3.10)' },
  },
  {
    id: 'carbon_footprint_raw_material_share_pct', label: 'Raw material acquisition and pre-processing share',
    ...PERCENT,
    access: 'public', group: 'carbonFootprint', dynamic: false, example: 64,
    reference: { batteryPass: [20], regulation: ART_7 },
  },
  {
    id: 'carbon_footprint_production_share_pct', label: 'Main product production share', ...PERCENT,
    access: 'public', group: 'carbonFootprint', dynamic: false, example: 31,
    reference: { batteryPass: [21], regulation: ART_7 },
  },
  {
    id: 'carbon_footprint_distribution_share_pct', label: 'Distribution share', ...PERCENT,
    access: 'public', group: 'carbonFootprint', dynamic: false, example: 1,
    reference: { batteryPass: [22], regulation: ART_7 },
  },
  {
    id: 'carbon_footprint_end_of_life_share_pct', label: 'End of life and recycling share', ...PERCENT,
    access: 'public', group: 'carbonFootprint', dynamic: false, example: 4,
    reference: { batteryPass: [23], regulation: ART_7 },
  },
  {
    id: 'carbon_footprint_performance_class', label: 'Carbon footprint performance class', type: 'enum',
    unit: null,
    options: ['A', 'B', 'C', 'D', 'E'].map((c) => ({ value: c, label: `Class ${c}` })),
    access: 'public', group: 'carbonFootprint', dynamic: false, example: 'B',
    reference: { batteryPass: [24], regulation: 'Annex XIII (1)(c); Art. 7(2)' },
  },
  {
    id: 'carbon_footprint_study_url', label: 'Public carbon footprint study', ...URL_FIELD,
    access: 'public', group: 'carbonFootprint', dynamic: false,
    example: 'https://www.voltaris.example/sustainability/cfp-study-vx-nmc811-75.pdf',
    reference: { batteryPass: [25], regulation: 'Annex XIII (1)(c); Art. 7(1)(g)' },
  },
  {
    id: 'carbon_footprint_label_url', label: 'Carbon footprint label', ...URL_FIELD,
    access: 'public', group: 'carbonFootprint', dynamic: false,
    example: 'https://www.voltaris.example/sustainability/cfp-label-vx-nmc811-75.svg',
    reference: { batteryPass: [14], regulation: 'Annex XIII (1)(c); Art. 7(2)' },
  },
  {
    id: 'carbon_footprint_methodology', label: 'Carbon footprint methodology', ...SHORT_TEXT, maxLength: 500,
    access: 'public', group: 'carbonFootprint', dynamic: false,
    example: 'JRC carbon footprint rules for EV batteries (Art. 7 delegated act draft), ISO 14067:2018',
    reference: { batteryPass: [], regulation: 'Art. 7(1)' },
  },
];

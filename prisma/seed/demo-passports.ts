import { withCheckDigit } from '../../lib/gs1/gtin';
import type { BatteryCategory } from '../../lib/schema/types';

/** The demo company's GS1 company prefix (GS1's own documentation example range). */
export const DEMO_GS1_PREFIX = '4012345';

export interface DemoPassport {
  key: string;
  slug: string;
  name: string;
  category: BatteryCategory;
  gtin?: string;
  serialNumber?: string;
  batchNumber?: string;
  /** Overrides on top of the category schema's example values, with realistic datasheet magnitudes. */
  fields: Record<string, unknown>;
  /** Later published versions: field changes applied in a revision, then approved again. */
  revisions?: Record<string, unknown>[];
  finalState: 'published' | 'withdrawn' | 'draft' | 'submitted';
  withdrawal?: { reason: string; successorKey: string; operatorDetails: string; manufacturerContact: string };
}

const manufacturer = {
  manufacturer_name: 'Voltaris Battery Systems GmbH',
  manufacturer_identifier: 'DE-HRB-204517',
  manufacturer_country: 'DE',
  manufacturer_email: 'passports@voltaris.example',
  manufacturer_website: 'https://voltaris.example',
  manufacturing_place: 'Voltaris Cell & Pack Plant, Salzgitter',
  manufacturing_country: 'DE',
};

/**
 * CN codes of heading 8507 by chemistry: lithium-ion accumulators, lead-acid starter batteries working with liquid
 * electrolyte (an AGM battery holds its liquid acid in a glass mat), nickel-metal hydride accumulators.
 */
const CN = { lithiumIon: '85076000', leadAcidStarter: '85071020', nickelMetalHydride: '85075000' } as const;

export const DEMO_PASSPORTS: DemoPassport[] = [
  {
    key: 'ev',
    slug: 'voltaris-aurora-ev-75',
    name: 'Aurora EV Pack 75 kWh NMC811',
    category: 'EV_BATTERY',
    gtin: withCheckDigit(`0${DEMO_GS1_PREFIX}00001`),
    serialNumber: 'AUR75-2026-000147',
    fields: {
      ...manufacturer,
      model_number: 'AUR-75-NMC811',
      commodity_code: CN.lithiumIon,
      battery_chemistry: 'NMC',
      battery_mass_kg: 452,
      rated_capacity_ah: 187,
      rated_energy_kwh: 75,
      nominal_voltage_v: 400,
      min_voltage_v: 300,
      max_voltage_v: 460,
      carbon_footprint_total_kg_co2e: 5475,
      carbon_footprint_per_kwh: 0.049,
      carbon_footprint_performance_class: 'B',
      // The facts a reader scans for first (the viewer's summary): recycled content, hazardous substances, collection.
      recycled_cobalt_pre_consumer_pct: 4,
      recycled_cobalt_post_consumer_pct: 12,
      recycled_lithium_post_consumer_pct: 6,
      recycled_nickel_post_consumer_pct: 6,
      hazardous_substances: [
        {
          name: 'Lithium hexafluorophosphate',
          cas_number: '21324-40-3',
          concentration_pct: 1.2,
          location: 'electrolyte',
          hazard_class: 'acute_toxicity',
        },
      ],
      separate_collection_info_url: 'https://www.voltaris.example/battery-return',
      current_soh_pct: 100,
      current_cycle_count: 0,
    },
    revisions: [
      {
        current_soh_pct: 98.6,
        current_cycle_count: 112,
        carbon_footprint_per_kwh: 0.048,
        carbon_footprint_total_kg_co2e: 5385,
      },
      { current_soh_pct: 97.9, current_cycle_count: 203, soh_last_updated: '2026-11-20' },
    ],
    finalState: 'published',
  },
  {
    key: 'lmt',
    slug: 'voltaris-velo-lmt-625',
    name: 'Velo LMT 625 Wh e-bike battery',
    category: 'LMT_BATTERY',
    gtin: withCheckDigit(`0${DEMO_GS1_PREFIX}00002`),
    batchNumber: 'VELO-B2026-07',
    fields: {
      ...manufacturer,
      model_number: 'VELO-625-36V',
      commodity_code: CN.lithiumIon,
      battery_chemistry: 'NMC',
      battery_mass_kg: 3.6,
      rated_capacity_ah: 17.4,
      rated_energy_kwh: 0.625,
      nominal_voltage_v: 36,
      min_voltage_v: 30,
      max_voltage_v: 42,
    },
    finalState: 'published',
  },
  {
    key: 'industrial',
    slug: 'voltaris-gridstack-215',
    name: 'GridStack Industrial 215 kWh LFP',
    category: 'INDUSTRIAL_BATTERY',
    fields: {
      ...manufacturer,
      model_number: 'GS-215-LFP',
      commodity_code: CN.lithiumIon,
      battery_chemistry: 'LFP',
      battery_mass_kg: 2350,
      rated_capacity_ah: 280,
      rated_energy_kwh: 215,
      nominal_voltage_v: 768,
      min_voltage_v: 672,
      max_voltage_v: 852,
      carbon_footprint_total_kg_co2e: 12900,
      carbon_footprint_per_kwh: 0.01,
    },
    finalState: 'published',
  },
  {
    key: 'sli',
    slug: 'voltaris-startpro-sli-70',
    name: 'StartPro SLI 70 Ah AGM',
    category: 'SLI_BATTERY',
    fields: {
      ...manufacturer,
      model_number: 'SP-70-AGM',
      commodity_code: CN.leadAcidStarter,
      battery_chemistry: 'LEAD_ACID',
      battery_mass_kg: 20.5,
      rated_capacity_ah: 70,
      nominal_voltage_v: 12,
    },
    finalState: 'published',
  },
  {
    key: 'portable',
    slug: 'voltaris-powercell-portable-aa',
    name: 'PowerCell Portable NiMH AA 2500 mAh',
    category: 'PORTABLE_BATTERY',
    fields: {
      ...manufacturer,
      model_number: 'PC-AA-2500',
      commodity_code: CN.nickelMetalHydride,
      battery_chemistry: 'NIMH',
      battery_mass_kg: 0.031,
      rated_capacity_ah: 2.5,
      nominal_voltage_v: 1.2,
    },
    finalState: 'published',
  },
  {
    key: 'ev-2025',
    slug: 'voltaris-aurora-ev-72-2025',
    name: 'Aurora EV Pack 72 kWh NMC622 (2025)',
    category: 'EV_BATTERY',
    gtin: withCheckDigit(`0${DEMO_GS1_PREFIX}00003`),
    serialNumber: 'AUR72-2025-003311',
    fields: {
      ...manufacturer,
      model_number: 'AUR-72-NMC622',
      commodity_code: CN.lithiumIon,
      battery_chemistry: 'NMC',
      battery_mass_kg: 468,
      rated_capacity_ah: 180,
      rated_energy_kwh: 72,
      nominal_voltage_v: 400,
    },
    finalState: 'withdrawn',
    withdrawal: {
      reason: 'Superseded by the NMC811 pack after a cell supplier change; replace at next service.',
      successorKey: 'ev',
      operatorDetails: 'Voltaris Battery Systems GmbH, Product Compliance, Salzgitter',
      manufacturerContact: 'recalls@voltaris.example',
    },
  },
  {
    // An older pack back from the road at 78 % state of health: handed over to the demo's second-life operator,
    // which repurposes it into stationary storage (DEMO_HANDOVER).
    key: 'ev-2020',
    slug: 'voltaris-aurora-ev-64-2020',
    name: 'Aurora EV Pack 64 kWh NMC622 (2020)',
    category: 'EV_BATTERY',
    gtin: withCheckDigit(`0${DEMO_GS1_PREFIX}00005`),
    serialNumber: 'AUR64-2020-000862',
    fields: {
      ...manufacturer,
      model_number: 'AUR-64-NMC622',
      commodity_code: CN.lithiumIon,
      battery_chemistry: 'NMC',
      battery_mass_kg: 441,
      rated_capacity_ah: 172,
      rated_energy_kwh: 64,
      nominal_voltage_v: 370,
      min_voltage_v: 280,
      max_voltage_v: 420,
      manufacturing_date: '2020-06-18',
      current_soh_pct: 78.4,
      current_cycle_count: 1460,
    },
    finalState: 'published',
  },
  {
    key: 'ev-draft',
    slug: 'voltaris-aurora-ev-100-draft',
    name: 'Aurora EV Pack 100 kWh (pre-series)',
    category: 'EV_BATTERY',
    fields: {
      manufacturer_name: manufacturer.manufacturer_name,
      model_number: 'AUR-100-PS',
      commodity_code: CN.lithiumIon,
      rated_energy_kwh: 100,
    },
    finalState: 'draft',
  },
  {
    key: 'lmt-submitted',
    slug: 'voltaris-velo-lmt-500',
    name: 'Velo LMT 500 Wh e-scooter battery',
    category: 'LMT_BATTERY',
    fields: {
      ...manufacturer,
      model_number: 'VELO-500-48V',
      commodity_code: CN.lithiumIon,
      rated_energy_kwh: 0.5,
      nominal_voltage_v: 48,
      battery_mass_kg: 3.1,
    },
    finalState: 'submitted',
  },
];

/** A battery model and some of its units: the model's data is written once, each item adds its own per-unit data. */
export interface DemoModel {
  slug: string;
  name: string;
  category: BatteryCategory;
  gtin: string;
  /** Overrides on the schema's model-level example values (item-level members are left to the items). */
  fields: Record<string, unknown>;
  items: { serialNumber: string; fields: Record<string, unknown> }[];
}

export const DEMO_MODEL: DemoModel = {
  slug: 'voltaris-aurora-ev-60-model',
  name: 'Aurora EV Pack 60 kWh LFP (model)',
  category: 'EV_BATTERY',
  gtin: withCheckDigit(`0${DEMO_GS1_PREFIX}00004`),
  fields: {
    ...manufacturer,
    model_number: 'AUR-60-LFP',
    commodity_code: CN.lithiumIon,
    battery_chemistry: 'LFP',
    rated_capacity_ah: 188,
    rated_energy_kwh: 60,
    nominal_voltage_v: 320,
    min_voltage_v: 250,
    max_voltage_v: 365,
    carbon_footprint_per_kwh: 0.052,
    carbon_footprint_total_kg_co2e: 3120,
    warranty_period_months: 96,
  },
  items: [
    {
      serialNumber: 'AUR60-2026-000001',
      fields: {
        manufacturing_date: '2026-09-14',
        battery_mass_kg: 398.4,
        current_soh_pct: 100,
        current_cycle_count: 0,
      },
    },
    {
      serialNumber: 'AUR60-2026-000002',
      fields: {
        manufacturing_date: '2026-09-14',
        battery_mass_kg: 398.9,
        current_soh_pct: 99.4,
        current_cycle_count: 41,
      },
    },
    {
      serialNumber: 'AUR60-2026-000003',
      fields: {
        manufacturing_date: '2026-09-15',
        battery_mass_kg: 398.1,
        current_soh_pct: 98.7,
        current_cycle_count: 118,
        // A unit sold with the extended warranty: an overridable model value set on the item.
        warranty_period_months: 120,
      },
    },
  ],
};

/**
 * The demo's second company: a second-life operator that repurposes EV packs into stationary storage. It holds
 * its own GS1 prefix (GS1 keeps the 952 prefixes for examples and demonstrations).
 */
export const DEMO_SECOND_LIFE = {
  slug: 'demo-second-life',
  name: 'Relivo Second Life Storage GmbH',
  country: 'DE',
  registrationNumber: 'DE-HRB-318842',
  contactEmail: 'passports@relivo.example',
  website: 'https://relivo.example',
  address: 'Am Speicherpark 4, 04159 Leipzig, Germany',
  gs1Prefix: '9521234',
};

/**
 * A handover between the two demo companies (Art. 77(7) of Regulation (EU) 2023/1542): Voltaris offers the 2020 EV
 * pack's passport, Relivo accepts, gives the successor its own identifiers and what it declares as the new operator,
 * and publishes it, so the original names its successor and the successor its predecessor.
 */
export const DEMO_HANDOVER = {
  originalKey: 'ev-2020',
  reason: 'repurposed',
  note: 'Pack at 78 % state of health, for stationary storage.',
  successor: {
    name: 'Relivo HomeStack 60 kWh (repurposed Aurora EV Pack 64)',
    gtin: withCheckDigit(`0${DEMO_SECOND_LIFE.gs1Prefix}00001`),
    serialNumber: 'RHS60-2026-000041',
    fields: {
      operator_name: DEMO_SECOND_LIFE.name,
      operator_identifier: DEMO_SECOND_LIFE.registrationNumber,
      warranty_period_months: 60,
      certified_usable_energy_kwh: 47,
      second_life_information:
        'Repurposed by Relivo Second Life Storage GmbH as a stationary storage module for homes and small businesses; returned to Relivo at the end of its second life.',
      spare_parts_sources: 'Relivo service, service@relivo.example',
      accident_information: 'No accidents recorded since repurposing.',
    },
  },
};

// Field schemas derived from: Battery Pass consortium, Data Attribute Longlist v1.2 (CC BY 4.0).
// The 22 form fields a battery management system may write (the contract's BMS whitelist). They arrive after
// publication, so none is mandated; state of health and cycle count are public so the public DPP can show them.
import type { AccessTier } from '@/lib/schema/types';
import { COUNTER, DATE, type FieldSpec, PERCENT } from './spec';

export const BMS_DYNAMIC_FIELD_IDS = [
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
] as const;
export type BmsDynamicFieldId = (typeof BMS_DYNAMIC_FIELD_IDS)[number];

const ENERGY = { type: 'number', unit: 'kWh', min: 0, max: 100_000_000 } as const;
// Aggregated durations may be fractional seconds; capped at 100 years.
const DURATION = { type: 'number', unit: 's', min: 0, max: 3_155_760_000 } as const;
const LAST_UPDATED = '2026-11-20T08:15:00Z';
const ANNEX_VII_B4 = 'Annex VII Part B (4)';
const COUNTERS_ROWS = [81, 82, 84, 87, 88, 89, 90, 91];

type BmsFieldSpec = FieldSpec & { id: BmsDynamicFieldId };

type BmsInput = Omit<BmsFieldSpec, 'group' | 'dynamic' | 'mandate' | 'access'> & { access?: AccessTier };
// Telemetry is legitimate-interest data unless the public DPP must show it.
const bms = (d: BmsInput): BmsFieldSpec => ({
  access: 'legitimate_interest',
  ...d,
  group: 'performance',
  dynamic: true,
  mandate: 'never',
});

export const DYNAMIC_FIELDS: BmsFieldSpec[] = [
  bms({
    id: 'current_soh_pct',
    label: 'State of health',
    ...PERCENT,
    access: 'public',
    example: 96.5,
    reference: { batteryPass: [57], regulation: 'Annex VII Part A; Annex XIII (4)(b)' },
    description: 'For EV batteries the state of certified energy (SOCE).',
  }),
  bms({
    id: 'soh_last_updated',
    label: 'State of health last updated',
    ...DATE,
    access: 'public',
    example: LAST_UPDATED,
    reference: { batteryPass: [57], regulation: 'Annex VII Part A' },
  }),
  bms({
    id: 'current_cycle_count',
    label: 'Full charge-discharge cycle count',
    ...COUNTER,
    unit: 'cycles',
    access: 'public',
    example: 212,
    reference: { batteryPass: [78], regulation: 'Annex XIII (4)(d); Annex VII Part B (5)' },
  }),
  bms({
    id: 'cycle_count_last_updated',
    label: 'Cycle count last updated',
    ...DATE,
    access: 'public',
    example: LAST_UPDATED,
    reference: { batteryPass: [78], regulation: 'Annex VII Part B (5)' },
  }),
  bms({
    id: 'remaining_energy_kwh',
    label: 'Remaining usable battery energy',
    ...ENERGY,
    example: 71.8,
    reference: { batteryPass: [56], regulation: 'UN GTR No. 22' },
  }),
  bms({
    id: 'remaining_capacity_ah',
    label: 'Remaining capacity',
    type: 'number',
    unit: 'Ah',
    min: 0,
    max: 1_000_000,
    example: 181,
    reference: { batteryPass: [53], regulation: 'Annex VII Part A (1)' },
  }),
  bms({
    id: 'remaining_capacity_kwh',
    label: 'Remaining capacity as energy',
    ...ENERGY,
    example: 72.4,
    reference: { batteryPass: [53], regulation: 'Annex VII Part A (1)' },
  }),
  bms({
    id: 'remaining_power_capability_kw',
    label: 'Remaining power capability',
    type: 'number',
    unit: 'kW',
    min: 0,
    max: 100_000,
    example: 172,
    reference: { batteryPass: [63], regulation: 'Annex VII Part A (2)' },
  }),
  bms({
    id: 'remaining_round_trip_efficiency_pct',
    label: 'Remaining round-trip energy efficiency',
    ...PERCENT,
    example: 94.2,
    reference: { batteryPass: [69], regulation: 'Annex VII Part A (3)' },
  }),
  bms({
    id: 'self_discharge_rate_evolution_pct_per_month',
    label: 'Current self-discharge rate',
    type: 'number',
    unit: '%/month',
    min: 0,
    max: 100,
    example: 2.3,
    reference: { batteryPass: [72, 73], regulation: 'Annex VII Part A (4)' },
  }),
  bms({
    id: 'total_energy_throughput_kwh',
    label: 'Energy throughput',
    ...ENERGY,
    example: 15_800,
    reference: { batteryPass: [81], regulation: 'Annex VII Part B (2)' },
  }),
  bms({
    id: 'total_energy_throughput_ah',
    label: 'Capacity throughput',
    type: 'number',
    unit: 'Ah',
    min: 0,
    max: 1_000_000_000,
    example: 39_500,
    reference: { batteryPass: [82], regulation: 'Annex VII Part B (3)' },
  }),
  bms({
    id: 'deep_discharge_events',
    label: 'Deep discharge events',
    ...COUNTER,
    example: 0,
    reference: { batteryPass: [91], regulation: ANNEX_VII_B4 },
  }),
  bms({
    id: 'overcharge_events',
    label: 'Overcharge events',
    ...COUNTER,
    example: 0,
    reference: { batteryPass: [92], regulation: 'n.a.' },
  }),
  bms({
    id: 'number_of_charging_events',
    label: 'Charging events',
    ...COUNTER,
    example: 540,
    reference: { batteryPass: [78], regulation: 'Annex VII Part B (5)' },
  }),
  bms({
    id: 'time_at_temp_extreme_low_sec',
    label: 'Time spent below the idle temperature range',
    ...DURATION,
    example: 3_600,
    reference: { batteryPass: [88], regulation: ANNEX_VII_B4 },
  }),
  bms({
    id: 'time_at_temp_low_sec',
    label: 'Time spent at low temperature',
    ...DURATION,
    example: 864_000,
    reference: { batteryPass: [84], regulation: 'Annex XIII (4)(d)' },
  }),
  bms({
    id: 'time_at_temp_high_sec',
    label: 'Time spent at high temperature',
    ...DURATION,
    example: 1_296_000,
    reference: { batteryPass: [84], regulation: 'Annex XIII (4)(d)' },
  }),
  bms({
    id: 'time_at_temp_extreme_high_sec',
    label: 'Time spent above the idle temperature range',
    ...DURATION,
    example: 1_800,
    reference: { batteryPass: [87], regulation: ANNEX_VII_B4 },
  }),
  bms({
    id: 'time_charging_at_temp_extreme_high_sec',
    label: 'Time charging above the idle temperature range',
    ...DURATION,
    example: 0,
    reference: { batteryPass: [89], regulation: ANNEX_VII_B4 },
  }),
  bms({
    id: 'time_charging_at_temp_extreme_low_sec',
    label: 'Time charging below the idle temperature range',
    ...DURATION,
    example: 600,
    reference: { batteryPass: [90], regulation: ANNEX_VII_B4 },
  }),
  bms({
    id: 'lifetime_counter_last_updated',
    label: 'Lifetime counters last updated',
    ...DATE,
    example: LAST_UPDATED,
    reference: { batteryPass: COUNTERS_ROWS, regulation: 'Annex VII Part B' },
  }),
];

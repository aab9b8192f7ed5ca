// Field schemas derived from: Battery Pass consortium, Data Attribute Longlist v1.2 (CC BY 4.0).
// Examples describe one EV pack: NMC 811, 108s, 400 V nominal, 188 Ah, 75 kWh, 450 kg.
import { LONG_TEXT, PERCENT, SHORT_TEXT, type FieldSpec } from './spec';

const VOLTAGE = { type: 'number', unit: 'V', min: 0, max: 2000 } as const;
const POWER = { type: 'number', unit: 'kW', min: 0, max: 100_000 } as const;
const TEMPERATURE = { type: 'number', unit: '°C', min: -100, max: 200 } as const;

export const PERFORMANCE_FIELDS: FieldSpec[] = [
  {
    id: 'rated_capacity_ah', label: 'Rated capacity', type: 'number', unit: 'Ah', min: 0, max: 1_000_000,
    access: 'public', group: 'performance', dynamic: false, example: 188,
    reference: { batteryPass: [52], regulation: 'Annex XIII (1)(g); Annex IV Part A (1)' },
  },
  {
    id: 'rated_energy_kwh', label: 'Rated energy', type: 'number', unit: 'kWh', min: 0, max: 1_000_000,
    access: 'public', group: 'performance', dynamic: false, example: 75.2,
    reference: { batteryPass: [], regulation: 'Annex IV Part A (1)' },
  },
  {
    id: 'energy_density_wh_per_kg', label: 'Gravimetric energy density', type: 'number', unit: 'Wh/kg',
    min: 0, max: 2000,
    access: 'public', group: 'performance', dynamic: false, example: 167,
    reference: { batteryPass: [], regulation: 'Annex IV Part A' },
  },
  {
    id: 'capacity_fade_pct', label: 'Capacity fade', ...PERCENT,
    access: 'legitimate_interest', group: 'performance', dynamic: false, example: 20,
    reference: { batteryPass: [54], regulation: 'Annex IV Part A (2)' },
  },
  {
    id: 'certified_usable_energy_kwh', label: 'Certified usable battery energy', type: 'number', unit: 'kWh',
    min: 0, max: 10_000,
    access: 'public', group: 'performance', dynamic: false, example: 72,
    reference: { batteryPass: [55], regulation: 'UN GTR No. 22' },
  },
  {
    id: 'nominal_voltage_v', label: 'Nominal voltage', ...VOLTAGE,
    access: 'public', group: 'performance', dynamic: false, example: 400,
    reference: { batteryPass: [61], regulation: 'Annex XIII (1)(h)' },
  },
  {
    id: 'min_voltage_v', label: 'Minimum voltage', ...VOLTAGE,
    access: 'public', group: 'performance', dynamic: false, example: 302,
    reference: { batteryPass: [59], regulation: 'Annex XIII (1)(h)' },
  },
  {
    id: 'max_voltage_v', label: 'Maximum voltage', ...VOLTAGE,
    access: 'public', group: 'performance', dynamic: false, example: 454,
    reference: { batteryPass: [60], regulation: 'Annex XIII (1)(h)' },
  },
  {
    id: 'original_power_capability_kw', label: 'Original power capability', ...POWER,
    access: 'public', group: 'performance', dynamic: false, example: 180,
    reference: { batteryPass: [62], regulation: 'Annex XIII (1)(i); Annex IV Part B (4)' },
    description: 'Measured at 80 % state of charge.',
  },
  {
    id: 'original_power_capability_low_soc_kw', label: 'Original power capability at low state of charge',
    ...POWER, mandate: 'never',
    access: 'public', group: 'performance', dynamic: false, example: 125,
    reference: { batteryPass: [62], regulation: 'Annex XIII (1)(i); Annex IV Part B (4)' },
    description: 'Measured at 20 % state of charge.',
  },
  {
    id: 'max_permitted_power_kw', label: 'Maximum permitted battery power', ...POWER,
    access: 'public', group: 'performance', dynamic: false, example: 200,
    reference: { batteryPass: [65], regulation: 'Annex XIII (1)(i)' },
  },
  {
    id: 'power_fade_pct', label: 'Power fade', ...PERCENT,
    access: 'legitimate_interest', group: 'performance', dynamic: false, example: 15,
    reference: { batteryPass: [64], regulation: 'Annex IV Part A (4)' },
  },
  {
    id: 'power_energy_ratio', label: 'Ratio of nominal power to energy', type: 'number', unit: 'W/Wh',
    min: 0, max: 1000,
    access: 'public', group: 'performance', dynamic: false, example: 2.4,
    reference: { batteryPass: [66], regulation: 'Annex IV Part B (2)' },
  },
  {
    id: 'round_trip_efficiency_initial_pct', label: 'Initial round-trip energy efficiency', ...PERCENT,
    access: 'public', group: 'performance', dynamic: false, example: 95,
    reference: { batteryPass: [67], regulation: 'Annex XIII (1)(n); Annex IV Part A (4)' },
  },
  {
    id: 'round_trip_efficiency_50pct_cycle_life_pct', label: 'Round-trip energy efficiency at half of cycle life',
    ...PERCENT,
    access: 'public', group: 'performance', dynamic: false, example: 93,
    reference: { batteryPass: [68], regulation: 'Annex XIII (1)(n); Annex IV (6)' },
  },
  {
    id: 'round_trip_efficiency_fade_pct', label: 'Round-trip energy efficiency fade', ...PERCENT,
    access: 'legitimate_interest', group: 'performance', dynamic: false, example: 2,
    reference: { batteryPass: [70], regulation: 'Annex IV Part A (4)' },
  },
  {
    id: 'initial_self_discharge_rate_pct_per_month', label: 'Initial self-discharge rate', type: 'number',
    unit: '%/month', min: 0, max: 100,
    access: 'legitimate_interest', group: 'performance', dynamic: false, example: 2,
    reference: { batteryPass: [71], regulation: 'n.a.' },
  },
  {
    id: 'internal_resistance_initial_ohm', label: 'Initial internal resistance of the pack', type: 'number',
    unit: 'ohm', min: 0, max: 1_000_000,
    access: 'public', group: 'performance', dynamic: false, example: 0.07,
    reference: { batteryPass: [74], regulation: 'Annex XIII (1)(o); Annex IV Part A (3)' },
  },
  {
    id: 'internal_resistance_cell_initial_ohm', label: 'Initial internal resistance of a cell', type: 'number',
    unit: 'ohm', min: 0, max: 1_000_000,
    access: 'public', group: 'performance', dynamic: false, example: 0.001,
    reference: { batteryPass: [74], regulation: 'Annex XIII (1)(o); Annex IV Part A (3)' },
  },
  {
    id: 'internal_resistance_increase_pct', label: 'Internal resistance increase', type: 'number', unit: '%',
    min: 0, max: 1000,
    access: 'legitimate_interest', group: 'performance', dynamic: false, example: 25,
    reference: { batteryPass: [75], regulation: 'Annex IV Part A (3)' },
  },
  {
    id: 'expected_lifetime_years', label: 'Expected calendar life', type: 'number', unit: 'years',
    min: 0, max: 100,
    access: 'legitimate_interest', group: 'performance', dynamic: false, example: 10,
    reference: { batteryPass: [76], regulation: 'Annex XIII (4)(a); Annex IV Part A (5)' },
  },
  {
    id: 'expected_cycle_life', label: 'Expected cycle life', type: 'integer',
    unit: 'cycles', min: 0, max: 1_000_000,
    access: 'public', group: 'performance', dynamic: false, example: 1500,
    reference: { batteryPass: [77], regulation: 'Annex IV Part A (5)' },
  },
  {
    id: 'cycle_life_reference_test', label: 'Cycle-life reference test', ...SHORT_TEXT, maxLength: 500,
    access: 'public', group: 'performance', dynamic: false,
    example: 'IEC 62660-1:2018 cycle life test at 25 °C, 100 % to 20 % state of charge',
    reference: { batteryPass: [79], regulation: 'Annex XIII (1)(j)' },
  },
  {
    id: 'cycle_life_c_rate', label: 'C-rate of the cycle-life test', type: 'number', unit: 'A/Ah', min: 0, max: 100,
    access: 'public', group: 'performance', dynamic: false, example: 0.33,
    reference: { batteryPass: [80], regulation: 'Annex XIII (1)(p)' },
  },
  {
    id: 'capacity_threshold_for_exhaustion_pct', label: 'Capacity threshold for exhaustion', ...PERCENT,
    access: 'public', group: 'performance', dynamic: false, example: 70,
    reference: { batteryPass: [83], regulation: 'Annex XIII (1)(k)' },
  },
  {
    id: 'temperature_range_idle_min_c', label: 'Idle temperature range lower boundary', ...TEMPERATURE,
    access: 'public', group: 'performance', dynamic: false, example: -30,
    reference: { batteryPass: [85], regulation: 'Annex XIII (1)(l)' },
  },
  {
    id: 'temperature_range_idle_max_c', label: 'Idle temperature range upper boundary', ...TEMPERATURE,
    access: 'public', group: 'performance', dynamic: false, example: 55,
    reference: { batteryPass: [86], regulation: 'Annex XIII (1)(l)' },
  },
  {
    id: 'accident_information', label: 'Information on accidents', ...LONG_TEXT,
    access: 'legitimate_interest', group: 'performance', dynamic: true,
    example: 'No accidents recorded.',
    reference: { batteryPass: [93], regulation: 'Annex XIII (4)(d)' },
  },
];

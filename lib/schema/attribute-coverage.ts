// Coverage of the Battery Pass consortium, Data Attribute Longlist v1.2 (CC BY 4.0): every attribute 1..93
// either names the form fields that implement it or says why it is out of scope. The obligation columns
// (ev, lmt, industrial, stationary) are copied from the CSV so categories.ts can derive `mandated` without
// reading files at run time; categories.test.ts checks them against prisma/data/battery-pass-attributes-v1.2.csv.

/** CSV marks: 'x' mandatory, 'o' voluntary, '' not applicable to that battery category. */
export type Obligation = 'x' | 'o' | '';

export type AttributeImplementation = { fields: readonly string[] } | { outOfScope: string };

export interface BatteryPassAttribute {
  no: number;
  name: string;
  ev: Obligation;
  lmt: Obligation;
  industrial: Obligation;
  stationary: Obligation;
  /** Measured during use ('depending on definition of "up-to-date"'): its values arrive after publication. */
  inUse: boolean;
  implementation: AttributeImplementation;
}

const IN_USE = true;

const mark = (c: string): Obligation => (c === 'x' || c === 'o' ? c : '');

function attribute(no: number, name: string, columns: string, implementation: AttributeImplementation, inUse = false) {
  const [ev, lmt, industrial, stationary] = [...columns].map(mark);
  return { no, name, ev, lmt, industrial, stationary, inUse, implementation } satisfies BatteryPassAttribute;
}
const row = (no: number, name: string, columns: string, fields: string[], inUse?: boolean) =>
  attribute(no, name, columns, { fields }, inUse);
const out = (no: number, name: string, columns: string, outOfScope: string, inUse?: boolean) =>
  attribute(no, name, columns, { outOfScope }, inUse);

const OUT_PASSPORT_ID =
  'The passport identifier is the product record itself (its id and public slug, assigned by the service), not an ' +
  'authored form field.';
const OUT_BATTERY_ID =
  'The individual battery identifier is the serial or batch number and the GTIN, kept as product columns that the ' +
  'GS1 Digital Link resolves; the battery model is the form field model_number.';
const OUT_CATEGORY =
  "The battery category is the product's category code, which selects this field schema; it is chosen when the " +
  'product is created.';
const OUT_CF_GENERAL =
  "The carbon footprint declaration's general battery and manufacturer information is the identity and " +
  'manufacturer fields (attributes 4 to 10), which every schema already carries.';
const OUT_INDICES =
  'Supply chain indices have no basis in the Battery Regulation and no defined content or format in the longlist ' +
  'v1.2 (format n.a.).';
const OUT_SOC =
  'The state of charge changes continuously in operation, so a stored passport value is stale at once; the ' +
  "contract's BMS whitelist excludes it, and state of health and remaining energy describe the in-use condition.";

export const BATTERY_PASS_ATTRIBUTES: readonly BatteryPassAttribute[] = [
  out(1, 'Battery passport identifier', 'xxxx', OUT_PASSPORT_ID),
  out(2, 'Battery identifier', 'xxxx', OUT_BATTERY_ID),
  row(3, 'Operator identifier and information', 'oooo', ['operator_name', 'operator_identifier']),
  row(4, 'Manufacturer identifier and information', 'xxxx', [
    'manufacturer_name',
    'manufacturer_identifier',
    'manufacturer_country',
    'manufacturer_address',
    'manufacturer_email',
    'manufacturer_website',
  ]),
  row(5, 'Manufacturing place', 'xxxx', ['manufacturing_place', 'manufacturing_country']),
  row(6, 'Manufacturing date', 'xxxx', ['manufacturing_date']),
  row(7, 'Date of putting the battery into service', '.x.x', ['putting_into_service_date']),
  row(8, 'Warranty period of the battery', 'xxxx', ['warranty_period_months']),
  out(9, 'Battery category', 'xxxx', OUT_CATEGORY),
  row(10, 'Battery mass', 'xxxx', ['battery_mass_kg']),
  row(11, 'Battery status', 'xxxx', ['battery_status']),
  row(12, 'Separate collection symbol', 'xxxx', ['separate_collection_symbol']),
  row(13, 'Symbols for cadmium and lead', 'xxxx', ['cadmium_symbol', 'lead_symbol']),
  row(14, 'Carbon footprint label', 'oooo', ['carbon_footprint_label_url']),
  row(15, 'Extinguishing agent', 'xxxx', ['extinguishing_agent']),
  row(16, 'Meaning of labels and symbols', 'xxxx', ['label_symbols_meaning']),
  row(17, 'EU declaration of conformity', 'xxxx', [
    'eu_declaration_of_conformity_url',
    'eu_declaration_of_conformity_id',
  ]),
  row(18, 'Results of test reports proving compliance', 'xxxx', ['test_reports']),
  row(19, 'Battery carbon footprint per Functional Unit', 'xxxx', ['carbon_footprint_per_kwh']),
  row(20, 'Contribution of raw material acquisition and pre-processing lifecycle stage', 'xxxx', [
    'carbon_footprint_raw_material_share_pct',
  ]),
  row(21, 'Contribution of main product production/manufacturing lifecycle stage', 'xxxx', [
    'carbon_footprint_production_share_pct',
  ]),
  row(22, 'Contribution of distribution lifecycle stage', 'xxxx', ['carbon_footprint_distribution_share_pct']),
  row(23, 'Contribution of end of life and recycling lifecycle stage', 'xxxx', [
    'carbon_footprint_end_of_life_share_pct',
  ]),
  row(24, 'Carbon footprint performance class', 'xxxx', ['carbon_footprint_performance_class']),
  row(25, 'Web link to public carbon footprint study', 'xxxx', ['carbon_footprint_study_url']),
  out(26, 'General battery and manufacturer information', 'xxxx', OUT_CF_GENERAL),
  row(27, 'Absolute battery carbon footprint', 'oooo', ['carbon_footprint_total_kg_co2e']),
  row(28, 'Information of due diligence report', 'xxxx', ['due_diligence_report_url', 'responsible_sourcing_summary']),
  row(29, 'Third party assurances of recognised schemes', 'oooo', [
    'third_party_assurance_schemes',
    'third_party_verification_url',
  ]),
  out(30, 'Supply chain indices', 'oooo', OUT_INDICES),
  row(31, 'Battery chemistry', 'xxxx', ['battery_chemistry']),
  row(32, 'Critical raw materials', 'xxxx', ['critical_raw_materials']),
  row(33, 'Materials used in cathode, anode and electrolyte', 'xxxx', [
    'cathode_materials',
    'anode_materials',
    'electrolyte_materials',
  ]),
  row(34, 'Hazardous substances', 'xxxx', ['hazardous_substances']),
  row(35, 'Impact of substances on environment, human health, safety, persons', 'xxxx', [
    'hazardous_substances_impact',
  ]),
  row(36, 'Dismantling information: Manuals for the removal and the disassembly of the battery pack', 'xxxx', [
    'dismantling_documents',
  ]),
  row(37, 'Part numbers for components', 'xxxx', ['component_part_numbers_url']),
  row(38, 'Information on sources of spare parts', 'xxxx', ['spare_parts_sources']),
  row(39, 'Safety measures', 'xxxx', ['safety_measures_url']),
  row(40, 'Pre-consumer recycled nickel share', 'xxxx', ['recycled_nickel_pre_consumer_pct']),
  row(41, 'Pre-consumer recycled cobalt share', 'xxxx', ['recycled_cobalt_pre_consumer_pct']),
  row(42, 'Pre-consumer recycled lithium share', 'xxxx', ['recycled_lithium_pre_consumer_pct']),
  row(43, 'Pre-consumer recycled lead share', 'xxxx', ['recycled_lead_pre_consumer_pct']),
  row(44, 'Post-consumer recycled nickel share', 'xxxx', ['recycled_nickel_post_consumer_pct']),
  row(45, 'Post-consumer recycled cobalt share', 'xxxx', ['recycled_cobalt_post_consumer_pct']),
  row(46, 'Post-consumer recycled lithium share', 'xxxx', ['recycled_lithium_post_consumer_pct']),
  row(47, 'Post-consumer recycled lead share', 'xxxx', ['recycled_lead_post_consumer_pct']),
  row(48, 'Renewable content share', 'xxxx', ['renewable_content_pct']),
  row(49, 'Information on the role of end-users in contributing to waste prevention', 'xxxx', [
    'waste_prevention_info_url',
  ]),
  row(
    50,
    'Information on the role of end-users in contributing to the separate collection of waste batteries',
    'xxxx',
    ['separate_collection_info_url'],
  ),
  row(51, 'Information on battery collection, preparation for second life and on treatment at end of life', 'xxxx', [
    'collection_second_life_info_url',
    'second_life_information',
  ]),
  row(52, 'Rated capacity', 'xxxx', ['rated_capacity_ah']),
  row(53, 'Remaining capacity', 'oxox', ['remaining_capacity_ah', 'remaining_capacity_kwh'], IN_USE),
  row(54, 'Capacity fade', 'xxxx', ['capacity_fade_pct']),
  row(55, 'Certified usable battery energy', 'o...', ['certified_usable_energy_kwh']),
  row(56, 'Remaining usable battery energy', 'o...', ['remaining_energy_kwh'], IN_USE),
  row(57, 'State of certified energy (SOCE)', 'x...', ['current_soh_pct', 'soh_last_updated'], IN_USE),
  out(58, 'State of Charge (SoC)', 'xxxx', OUT_SOC, IN_USE),
  row(59, 'Minimum voltage', 'xxxx', ['min_voltage_v']),
  row(60, 'Maximum voltage', 'xxxx', ['max_voltage_v']),
  row(61, 'Nominal voltage', 'xxxx', ['nominal_voltage_v']),
  row(62, 'Original power capability', 'xxxx', [
    'original_power_capability_kw',
    'original_power_capability_low_soc_kw',
  ]),
  row(63, 'Remaining power capability', 'oxox', ['remaining_power_capability_kw'], IN_USE),
  row(64, 'Power fade', 'xxxx', ['power_fade_pct']),
  row(65, 'Maximum permitted battery power', 'xxxx', ['max_permitted_power_kw']),
  row(66, 'Ratio between nominal battery power and battery energy', 'oooo', ['power_energy_ratio']),
  row(67, 'Initial round trip energy efficiency', 'xxxx', ['round_trip_efficiency_initial_pct']),
  row(68, 'Round trip energy efficiency at 50% of cycle life', 'xxxx', ['round_trip_efficiency_50pct_cycle_life_pct']),
  row(69, 'Remaining round trip energy efficiency', '.x.x', ['remaining_round_trip_efficiency_pct'], IN_USE),
  row(70, 'Energy round trip efficiency fade', 'xxxx', ['round_trip_efficiency_fade_pct']),
  row(71, 'Initial self-discharge rate', '.o.o', ['initial_self_discharge_rate_pct_per_month']),
  row(72, 'Current self-discharge rate', '.o.o', ['self_discharge_rate_evolution_pct_per_month'], IN_USE),
  row(73, 'Evolution of self-discharge rates', '...x', ['self_discharge_rate_evolution_pct_per_month'], IN_USE),
  row(74, 'Initial internal resistance of battery cell and pack (module recommended)', 'xxxx', [
    'internal_resistance_initial_ohm',
    'internal_resistance_cell_initial_ohm',
  ]),
  row(75, 'Internal resistance increase of pack (cell and module recommended)', 'xxxx', [
    'internal_resistance_increase_pct',
  ]),
  row(76, 'Expected lifetime in calendar years', 'xxxx', ['expected_lifetime_years']),
  row(77, 'Expected lifetime: Number of charge-discharge cycles', 'xxxx', ['expected_cycle_life']),
  row(
    78,
    'Number of full charging and discharging cycles',
    'xxxx',
    ['current_cycle_count', 'cycle_count_last_updated', 'number_of_charging_events'],
    IN_USE,
  ),
  row(79, 'Cycle-life reference test', 'xxxx', ['cycle_life_reference_test']),
  row(80, 'C-rate of relevant cycle-life test', 'xxxx', ['cycle_life_c_rate']),
  row(81, 'Energy throughput', '.x.x', ['total_energy_throughput_kwh', 'lifetime_counter_last_updated'], IN_USE),
  row(82, 'Capacity throughput', '.x.x', ['total_energy_throughput_ah', 'lifetime_counter_last_updated'], IN_USE),
  row(83, 'Capacity threshold for exhaustion', 'x...', ['capacity_threshold_for_exhaustion_pct']),
  row(
    84,
    'Temperature information',
    'xxxx',
    ['time_at_temp_low_sec', 'time_at_temp_high_sec', 'lifetime_counter_last_updated'],
    IN_USE,
  ),
  row(85, 'Temperature range idle state, lower boundary', 'xxxx', ['temperature_range_idle_min_c']),
  row(86, 'Temperature range idle state, upper boundary', 'xxxx', ['temperature_range_idle_max_c']),
  row(
    87,
    'Time spent in extreme temperatures above boundary',
    '.xxx',
    ['time_at_temp_extreme_high_sec', 'lifetime_counter_last_updated'],
    IN_USE,
  ),
  row(
    88,
    'Time spent in extreme temperatures below boundary',
    '.xxx',
    ['time_at_temp_extreme_low_sec', 'lifetime_counter_last_updated'],
    IN_USE,
  ),
  row(
    89,
    'Time spent charging during extreme temperatures above boundary',
    '.xxx',
    ['time_charging_at_temp_extreme_high_sec', 'lifetime_counter_last_updated'],
    IN_USE,
  ),
  row(
    90,
    'Time spent charging during extreme temperatures below boundary',
    '.xxx',
    ['time_charging_at_temp_extreme_low_sec', 'lifetime_counter_last_updated'],
    IN_USE,
  ),
  row(
    91,
    'Number of deep discharge events',
    'oxox',
    ['deep_discharge_events', 'lifetime_counter_last_updated'],
    IN_USE,
  ),
  row(92, 'Number of overcharge events', 'oooo', ['overcharge_events'], IN_USE),
  row(93, 'Information on accidents', 'xxxx', ['accident_information'], IN_USE),
];

const BY_NUMBER = new Map(BATTERY_PASS_ATTRIBUTES.map((a) => [a.no, a]));

export function getBatteryPassAttribute(no: number): BatteryPassAttribute | undefined {
  return BY_NUMBER.get(no);
}

export const OUT_OF_SCOPE_ATTRIBUTES = BATTERY_PASS_ATTRIBUTES.filter((a) => 'outOfScope' in a.implementation);

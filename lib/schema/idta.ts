/**
 * Each field's element in the IDTA 02035 "Digital Battery Passport" submodel templates (parts 1 to 7), where the
 * template has one, and why not where it has none. Read from the published templates (admin-shell-io/
 * submodel-templates: part 1 Digital Nameplate 1.0, 2 Handover Documentation 1.0, 3 Product Carbon Footprint 1.0,
 * 4 Technical Data 1.0.1, 5 Product Condition 1.0.1, 6 Material Composition 1.0.1, 7 Circularity 1.0.1): the
 * semanticId is the element's own, the idShort path names the element from the submodel down, dot-separated, with
 * `[]` for "an element of this SubmodelElementList" (list elements carry no idShort in AAS V3.0).
 *
 * fields/index.ts lays these onto each field spec as `reference.idta`; the installed schema versions leave them
 * out (categories.ts), so their hashes stay as installed (docs/decisions.md, "AAS export").
 */
import type { FieldReference } from './types';

export type IdtaReference = NonNullable<FieldReference['idta']>;

/** The seven parts of IDTA 02035, by the part number this service writes in `reference.idta.part`. */
export const IDTA_PARTS = {
  '02035-1': {
    name: 'Digital Nameplate',
    idShort: 'BatteryNameplate',
    semanticId: 'https://admin-shell.io/idta/digitalbatterypassport/nameplate/1/0/Nameplate',
  },
  '02035-2': {
    name: 'Handover Documentation',
    idShort: 'HandoverDocumentation',
    semanticId: '0173-1#01-AHF578#003',
  },
  '02035-3': {
    name: 'Product Carbon Footprint',
    idShort: 'CarbonFootprint',
    semanticId: 'https://admin-shell.io/idta/CarbonFootprint/CarbonFootprint/1/0',
  },
  '02035-4': {
    name: 'Technical Data',
    idShort: 'TechnicalData',
    semanticId: 'https://admin-shell.io/idta/digitalbatterypassport/TechnicalData/1/0',
  },
  '02035-5': {
    name: 'Product Condition',
    idShort: 'ProductCondition',
    semanticId: 'urn:samm:io.admin-shell.idta.batterypass.product_condition:1.0.0#ProductCondition',
  },
  '02035-6': {
    name: 'Material Composition',
    idShort: 'MaterialComposition',
    semanticId: 'urn:samm:io.admin-shell.idta.batterypass.material_composition:1.0.0#MaterialComposition',
  },
  '02035-7': {
    name: 'Circularity',
    idShort: 'Circularity',
    semanticId: 'urn:samm:io.admin-shell.idta.batterypass.circularity:1.0.0#Circularity',
  },
} as const;
export type IdtaPart = keyof typeof IDTA_PARTS;

const NAMEPLATE = 'urn:samm:io.admin-shell.idta.batterypass.digital_nameplate:1.0.0#';
const TECHNICAL = 'urn:samm:io.admin-shell.idta.batterypass.technical_data:1.0.0#';
const CONDITION = 'urn:samm:io.admin-shell.idta.batterypass.product_condition:1.0.1#';
const MATERIALS = 'urn:samm:io.admin-shell.idta.batterypass.material_composition:1.0.1#';
const CIRCULARITY = 'urn:samm:io.admin-shell.idta.batterypass.circularity:1.0.0#';
/** The handover documentation's DocumentIdentifier, which every "list of documents" element of parts 1, 3, 5 and 7 holds. */
export const DOCUMENT_IDENTIFIER = 'urn:samm:io.admin-shell.idta.handover_documentation:2.0.0#DocumentIdentifier';
/** A marking's name in the nameplate's Markings list (part 1). */
export const MARKING_NAME = '0112/2///61987#ABA231#009';

const at = (part: IdtaPart, idShortPath: string, semanticId: string): IdtaReference => ({
  part,
  semanticId,
  idShortPath,
});
const TPA = 'TechnicalPropertyAreas';

/** An element of the template, or the reason the templates have none for the field. */
export type IdtaMapping = IdtaReference | { gap: string };

const GAP_CONTACT =
  'The nameplate\u2019s AddressInformation is a drop-in of the Contact Information submodel whose elements part 1 does ' +
  'not list; the service holds the address as one text.';
const GAP_SUPPLY_CHAIN = 'No part of IDTA 02035 has an element for supply-chain due diligence.';

/** Every field of every category (array members as `field.member`), mapped or with its gap. */
export const IDTA_MAPPINGS: Record<string, IdtaMapping> = {
  manufacturer_name: at('02035-1', 'ManufacturerName', '0112/2///61987#ABA565#009'),
  manufacturer_identifier: at('02035-1', 'ManufacturerIdentifier', `${TECHNICAL}manufacturerIdentifier`),
  manufacturer_country: { gap: GAP_CONTACT },
  manufacturer_address: { gap: GAP_CONTACT },
  manufacturer_email: { gap: GAP_CONTACT },
  manufacturer_website: { gap: GAP_CONTACT },
  operator_name: { gap: 'Part 1 identifies the economic operator by OperatorIdentifier only, not by name.' },
  operator_identifier: at('02035-1', 'OperatorIdentifier', `${NAMEPLATE}operatorIdentifier`),
  model_number: {
    gap: 'Part 1 (1.0) has no ManufacturerProductDesignation or type designation; the model is carried in the AAS asset information only.',
  },
  commodity_code: { gap: 'No part of IDTA 02035 has an element for the Combined Nomenclature code.' },
  manufacturing_place: at(
    '02035-1',
    'UniqueFacilityIdentifier',
    'https://admin-shell.io/idta/nameplate/3/0/UniqueFacilityIdentifier',
  ),
  manufacturing_country: { gap: 'Part 1 (1.0) has no country of origin element.' },
  manufacturing_date: at('02035-1', 'DateOfManufacture', '0112/2///61987#ABB757#007'),
  putting_into_service_date: at('02035-1', 'DateOfPuttingIntoService', `${NAMEPLATE}dateOfPuttingIntoService`),
  warranty_period_months: at(
    '02035-4',
    'GeneralInformation.WarrantyInformation.WarrantyPeriod',
    'urn:samm:io.admin-shell.idta.batterypass.technical_data:1.0.1#warrantyPeriod',
  ),
  battery_mass_kg: at('02035-4', 'GeneralInformation.BatteryMass', `${TECHNICAL}batteryMass`),
  battery_status: at('02035-1', 'LifeCycleStage', '0173-1#02-ABL841#001'),

  separate_collection_symbol: at('02035-1', 'Markings[].MarkingName', MARKING_NAME),
  cadmium_symbol: at('02035-1', 'Markings[].MarkingName', MARKING_NAME),
  lead_symbol: at('02035-1', 'Markings[].MarkingName', MARKING_NAME),
  ce_marking: at('02035-1', 'Markings[].MarkingName', MARKING_NAME),
  extinguishing_agent: at('02035-7', 'SafetyMeasures.ExtinguishingAgents[]', `${CIRCULARITY}ExtinguishingAgent`),
  label_symbols_meaning: at('02035-1', 'Markings[].MarkingAdditionalText', '0112/2///61987#ABB146#007'),
  eu_declaration_of_conformity_url: at('02035-1', 'EUDeclarationOfConformity[]', DOCUMENT_IDENTIFIER),
  eu_declaration_of_conformity_id: at('02035-1', 'EUDeclarationOfConformity[]', DOCUMENT_IDENTIFIER),
  test_reports: at(
    '02035-1',
    'ResultsOfTestReportsProvingCompliance',
    `${NAMEPLATE}resultsOfTestReportsProvingCompliance`,
  ),
  'test_reports.title': { gap: 'The template lists test reports by DocumentIdentifier only.' },
  'test_reports.url': at('02035-1', 'ResultsOfTestReportsProvingCompliance[]', DOCUMENT_IDENTIFIER),
  'test_reports.issued_on': { gap: 'The template lists test reports by DocumentIdentifier only.' },

  carbon_footprint_per_kwh: at('02035-3', 'ProductCarbonFootprints[].PcfCO2eq', '0173-1#02-ABG855#003'),
  carbon_footprint_total_kg_co2e: at('02035-3', 'ProductCarbonFootprints[].PcfCO2eq', '0173-1#02-ABG855#003'),
  carbon_footprint_raw_material_share_pct: {
    gap: 'Part 3 names each footprint\u2019s life cycle phases (LifeCyclePhases) but has no element for a phase\u2019s share.',
  },
  carbon_footprint_production_share_pct: { gap: 'As the raw material share: no element for a phase\u2019s share.' },
  carbon_footprint_distribution_share_pct: { gap: 'As the raw material share: no element for a phase\u2019s share.' },
  carbon_footprint_end_of_life_share_pct: { gap: 'As the raw material share: no element for a phase\u2019s share.' },
  carbon_footprint_performance_class: at(
    '02035-3',
    'ProductCarbonFootprints[].PerformanceClass',
    'urn:samm:io.admin-shell.idta.batterypass.carbon_footprint:1.0.0#performanceClass',
  ),
  carbon_footprint_study_url: at(
    '02035-3',
    'ProductCarbonFootprints[].WebLinkToPublicCarbonFootprintStudy[]',
    DOCUMENT_IDENTIFIER,
  ),
  carbon_footprint_label_url: at('02035-1', 'Markings[].MarkingFile', '0112/2///61987#ABO100#002'),
  carbon_footprint_methodology: at(
    '02035-3',
    'ProductCarbonFootprints[].PcfCalculationMethods[]',
    '0173-1#02-ABG854#003',
  ),

  due_diligence_report_url: { gap: GAP_SUPPLY_CHAIN },
  responsible_sourcing_summary: { gap: GAP_SUPPLY_CHAIN },
  third_party_assurance_schemes: { gap: GAP_SUPPLY_CHAIN },
  third_party_verification_url: { gap: GAP_SUPPLY_CHAIN },

  battery_chemistry: at('02035-6', 'BatteryChemistry.ShortName', `${MATERIALS}shortName`),
  critical_raw_materials: at('02035-6', 'BatteryMaterials[].BatteryMaterialName', `${MATERIALS}batteryMaterialName`),
  cathode_materials: at('02035-6', 'BatteryMaterials[].BatteryMaterialName', `${MATERIALS}batteryMaterialName`),
  anode_materials: at('02035-6', 'BatteryMaterials[].BatteryMaterialName', `${MATERIALS}batteryMaterialName`),
  electrolyte_materials: at('02035-6', 'BatteryMaterials[].BatteryMaterialName', `${MATERIALS}batteryMaterialName`),
  hazardous_substances: at('02035-6', 'HazardousSubstances', `${MATERIALS}hazardousSubstances`),
  'hazardous_substances.name': at(
    '02035-6',
    'HazardousSubstances[].HazardousSubstanceName',
    `${MATERIALS}hazardousSubstanceName`,
  ),
  'hazardous_substances.cas_number': at(
    '02035-6',
    'HazardousSubstances[].HazardousSubstanceIdentifier',
    `${MATERIALS}hazardousSubstanceIdentifier`,
  ),
  'hazardous_substances.concentration_pct': at(
    '02035-6',
    'HazardousSubstances[].HazardousSubstanceConcentration',
    `${MATERIALS}hazardousSubstanceConcentration`,
  ),
  'hazardous_substances.location': at(
    '02035-6',
    'HazardousSubstances[].HazardousSubstanceLocation.ComponentName',
    `${MATERIALS}componentName`,
  ),
  'hazardous_substances.hazard_class': at(
    '02035-6',
    'HazardousSubstances[].HazardousSubstanceClass',
    `${MATERIALS}hazardousSubstanceClass`,
  ),
  hazardous_substances_impact: {
    gap: 'Part 6 has an impact list per substance (HazardousSubstanceImpact); the service holds one text for all substances.',
  },

  recycled_cobalt_pre_consumer_pct: at(
    '02035-7',
    'RecycledContentInformation[].PreConsumerShare',
    `${CIRCULARITY}preConsumerShare`,
  ),
  recycled_cobalt_post_consumer_pct: at(
    '02035-7',
    'RecycledContentInformation[].PostConsumerShare',
    `${CIRCULARITY}postConsumerShare`,
  ),
  recycled_lithium_pre_consumer_pct: at(
    '02035-7',
    'RecycledContentInformation[].PreConsumerShare',
    `${CIRCULARITY}preConsumerShare`,
  ),
  recycled_lithium_post_consumer_pct: at(
    '02035-7',
    'RecycledContentInformation[].PostConsumerShare',
    `${CIRCULARITY}postConsumerShare`,
  ),
  recycled_nickel_pre_consumer_pct: at(
    '02035-7',
    'RecycledContentInformation[].PreConsumerShare',
    `${CIRCULARITY}preConsumerShare`,
  ),
  recycled_nickel_post_consumer_pct: at(
    '02035-7',
    'RecycledContentInformation[].PostConsumerShare',
    `${CIRCULARITY}postConsumerShare`,
  ),
  recycled_lead_pre_consumer_pct: at(
    '02035-7',
    'RecycledContentInformation[].PreConsumerShare',
    `${CIRCULARITY}preConsumerShare`,
  ),
  recycled_lead_post_consumer_pct: at(
    '02035-7',
    'RecycledContentInformation[].PostConsumerShare',
    `${CIRCULARITY}postConsumerShare`,
  ),
  renewable_content_pct: at('02035-7', 'RenewableContent', `${CIRCULARITY}renewableContent`),

  rated_capacity_ah: at('02035-4', `${TPA}.CapacityEnergyVoltage.RatedCapacity`, '0173-1#02-ABL869#002'),
  rated_energy_kwh: {
    gap: 'Part 4 has no rated energy element (CertifiedUsableBatteryEnergy is the certified usable energy).',
  },
  energy_density_wh_per_kg: { gap: 'Part 4 has no energy density element.' },
  capacity_fade_pct: at('02035-4', `${TPA}.CapacityEnergyVoltage.CapacityFade`, '0173-1#02-ABL828#002'),
  certified_usable_energy_kwh: at(
    '02035-4',
    `${TPA}.CapacityEnergyVoltage.CertifiedUsableBatteryEnergy`,
    '0173-1#02-ABL829#002',
  ),
  nominal_voltage_v: at('02035-4', `${TPA}.CapacityEnergyVoltage.NominalVoltage`, '0173-1#02-ABL588#001'),
  min_voltage_v: at('02035-4', `${TPA}.CapacityEnergyVoltage.MinVoltage`, '0173-1#02-ABL587#001'),
  max_voltage_v: at('02035-4', `${TPA}.CapacityEnergyVoltage.MaxVoltage`, '0173-1#02-ABL589#001'),
  original_power_capability_kw: at(
    '02035-4',
    `${TPA}.PowerCapability.OriginalPowerCapability[].powerCapabilityAt`,
    `${TECHNICAL}powerCapabilityAt`,
  ),
  original_power_capability_low_soc_kw: at(
    '02035-4',
    `${TPA}.PowerCapability.OriginalPowerCapability[].powerCapabilityAt`,
    `${TECHNICAL}powerCapabilityAt`,
  ),
  max_permitted_power_kw: at('02035-4', `${TPA}.PowerCapability.MaximumPermittedBatteryPower`, '0173-1#02-ABL843#002'),
  power_fade_pct: at('02035-4', `${TPA}.PowerCapability.PowerFade`, '0173-1#02-ABL852#002'),
  power_energy_ratio: at(
    '02035-4',
    `${TPA}.PowerCapability.RatioNorminalBatteryPowerAndBatteryEnergy`,
    `${TECHNICAL}powerCapabilityRatio`,
  ),
  round_trip_efficiency_initial_pct: at(
    '02035-4',
    `${TPA}.RoundTripEnergyEfficiency.InitialRoundTripEnergyEfficiency`,
    '0173-1#02-ABL833#002',
  ),
  round_trip_efficiency_50pct_cycle_life_pct: at(
    '02035-4',
    `${TPA}.RoundTripEnergyEfficiency.RoundTripEnergyEfficiencyAt50PercentOfCycleLife`,
    '0173-1#02-ABL866#002',
  ),
  round_trip_efficiency_fade_pct: at(
    '02035-4',
    `${TPA}.RoundTripEnergyEfficiency.EnergyRoundTripEfficiencyFade`,
    '0173-1#02-ABL827#002',
  ),
  initial_self_discharge_rate_pct_per_month: at(
    '02035-4',
    `${TPA}.RoundTripEnergyEfficiency.InitialSelfDischargingRate`,
    '0173-1#02-ABL834#002',
  ),
  internal_resistance_initial_ohm: at(
    '02035-4',
    `${TPA}.Resistance.InitialInternalResistanceOnBatteryPackLevel`,
    '0173-1#02-ABL846#002',
  ),
  internal_resistance_cell_initial_ohm: at(
    '02035-4',
    `${TPA}.Resistance.InitialInternalResistanceOnBatteryCellLevel`,
    '0173-1#02-ABL844#002',
  ),
  internal_resistance_increase_pct: at(
    '02035-4',
    `${TPA}.Resistance.InternalResistanceIncreaseOfBatteryPackLevel`,
    `${TECHNICAL}internalResistanceIncreaseOfBatteryPack`,
  ),
  expected_lifetime_years: at(
    '02035-4',
    `${TPA}.Lifetime.ExpectedLifetimeInCalendarYears`,
    `${TECHNICAL}expectedLifetime`,
  ),
  expected_cycle_life: at('02035-4', `${TPA}.Lifetime.ExpectedNumberOfCycles`, `${TECHNICAL}expectedNumberOfCycles`),
  cycle_life_reference_test: { gap: 'Part 4 has the C-rate of the cycle-life test but no element naming the test.' },
  cycle_life_c_rate: at('02035-4', `${TPA}.Lifetime.CRateOfRelevantCycleLifeTest`, `${TECHNICAL}cRateLifeCycleTest`),
  capacity_threshold_for_exhaustion_pct: at(
    '02035-4',
    `${TPA}.Lifetime.CapacityThresholdExhaustion`,
    '0173-1#02-ABL838#002',
  ),
  temperature_range_idle_min_c: at(
    '02035-4',
    `${TPA}.Temperature.TemperatureRangeIdleState_LowerBoundary`,
    '0173-1#02-ABL842#002',
  ),
  temperature_range_idle_max_c: at(
    '02035-4',
    `${TPA}.Temperature.TemperatureRangeIdleState_UpperBoundary`,
    '0173-1#02-ABL871#002',
  ),

  accident_information: at('02035-5', 'InformationOnAccidents[]', DOCUMENT_IDENTIFIER),
  current_soh_pct: at(
    '02035-5',
    'StateOfCertifiedEnergy.StateOfCertifiedEnergyValue',
    `${CONDITION}stateOfCertifiedEnergyValue`,
  ),
  soh_last_updated: at('02035-5', 'StateOfCertifiedEnergy.LastUpdate', `${CONDITION}lastUpdate`),
  current_cycle_count: at(
    '02035-5',
    'NumberOfFullCycles.NumberOfFullCyclesValue',
    `${CONDITION}numberOfFullCyclesValue`,
  ),
  cycle_count_last_updated: at('02035-5', 'NumberOfFullCycles.LastUpdate', `${CONDITION}lastUpdate`),
  remaining_energy_kwh: at('02035-5', 'RemainingEnergy.RemainingEnergyValue', `${CONDITION}remainingEnergyValue`),
  remaining_capacity_ah: at(
    '02035-5',
    'RemainingCapacity.RemainingCapacityValue',
    `${CONDITION}remainingCapacityValue`,
  ),
  remaining_capacity_kwh: { gap: 'Part 5 carries remaining capacity in ampere-hours only (RemainingCapacity).' },
  remaining_power_capability_kw: at(
    '02035-5',
    'RemainingPowerCapability.RemainingPowerCapabilityDynamicAt.PowerCapabilityAt',
    `${CONDITION}powerCapabilityAt`,
  ),
  remaining_round_trip_efficiency_pct: at(
    '02035-5',
    'RemainingRoundTripEnergyEfficiency.RemainingRoundTripEnergyEfficiencyValue',
    `${CONDITION}remainingRoundTripEnergyEfficiencyValue`,
  ),
  self_discharge_rate_evolution_pct_per_month: at(
    '02035-5',
    'CurrentSelfDischargingRate.CurrentSelfDischargingRateValue',
    `${CONDITION}currentSelfDischargingRateValue`,
  ),
  total_energy_throughput_kwh: at(
    '02035-5',
    'EnergyThroughput.EnergyThroughputValue',
    `${CONDITION}energyThroughputValue`,
  ),
  total_energy_throughput_ah: at(
    '02035-5',
    'CapacityThroughput.CapacityThroughputValue',
    `${CONDITION}capacityThroughputValue`,
  ),
  deep_discharge_events: {
    gap: 'Part 5 lists negative events as texts (NegativeEvents); it has no counter of deep discharges.',
  },
  overcharge_events: {
    gap: 'Part 5 lists negative events as texts (NegativeEvents); it has no counter of overcharges.',
  },
  number_of_charging_events: { gap: 'Part 5 counts full cycles (NumberOfFullCycles), not charging events.' },
  time_at_temp_extreme_low_sec: at(
    '02035-5',
    'TemperatureInformation.TimeExtremeLowTemp',
    `${CONDITION}timeExtremeLowTemp`,
  ),
  time_at_temp_low_sec: { gap: 'Part 5 records time at extreme temperatures only.' },
  time_at_temp_high_sec: { gap: 'Part 5 records time at extreme temperatures only.' },
  time_at_temp_extreme_high_sec: at(
    '02035-5',
    'TemperatureInformation.TimeExtremeHighTemp',
    `${CONDITION}timeExtremeHighTemp`,
  ),
  time_charging_at_temp_extreme_high_sec: at(
    '02035-5',
    'TemperatureInformation.TimeExtremeHighTempCharging',
    `${CONDITION}timeExtremeHighTempCharging`,
  ),
  time_charging_at_temp_extreme_low_sec: at(
    '02035-5',
    'TemperatureInformation.TimeExtremeLowTempCharging',
    `${CONDITION}timeExtremeLowTempCharging`,
  ),
  lifetime_counter_last_updated: at('02035-5', 'TemperatureInformation.LastUpdate', `${CONDITION}lastUpdate`),

  dismantling_documents: at(
    '02035-7',
    'DismantlingAndRemovalInformation',
    `${CIRCULARITY}dismantlingAndRemovalInformation`,
  ),
  'dismantling_documents.document_type': {
    gap: 'The template lists dismantling documents by DocumentIdentifier only.',
  },
  'dismantling_documents.url': at('02035-7', 'DismantlingAndRemovalInformation[]', DOCUMENT_IDENTIFIER),
  'dismantling_documents.title': { gap: 'The template lists dismantling documents by DocumentIdentifier only.' },
  component_part_numbers_url: {
    gap: 'Part 7 lists part numbers per spare-part supplier (SparePartSources[].Components); the service holds one address for them all.',
  },
  spare_parts_sources: at('02035-7', 'SparePartSources', `${CIRCULARITY}sparePartSources`),
  safety_measures_url: at('02035-7', 'SafetyMeasures.SafetyInstructions[]', DOCUMENT_IDENTIFIER),
  waste_prevention_info_url: at('02035-7', 'EndOfLifeInformation.WastePrevention[]', DOCUMENT_IDENTIFIER),
  separate_collection_info_url: at('02035-7', 'EndOfLifeInformation.SeparateCollection[]', DOCUMENT_IDENTIFIER),
  collection_second_life_info_url: at('02035-7', 'EndOfLifeInformation.InformationOnCollection[]', DOCUMENT_IDENTIFIER),
  second_life_information: {
    gap: 'Part 7 has no element for second-life or repurposing information beyond the collection documents.',
  },
};

/** A field's (or array member's, `field.member`) IDTA element, or null where the templates have none. */
export function idtaReferenceOf(key: string): IdtaReference | null {
  const mapping = IDTA_MAPPINGS[key];
  return mapping && !('gap' in mapping) ? mapping : null;
}

/**
 * The mapping as docs/data-model.md shows it ("IDTA 02035 elements"): one row per field and array member, mapped or
 * with its gap (a test keeps the two in step).
 */
export function idtaTableMarkdown(keys: readonly string[]): string {
  const cell = (text: string) => text.replaceAll('|', '\\|');
  const rows = keys.map((key) => {
    const mapping = IDTA_MAPPINGS[key];
    if (!mapping) return `| \`${key}\` | — | — | — |`;
    if ('gap' in mapping) return `| \`${key}\` | — | — | gap: ${cell(mapping.gap)} |`;
    const part = IDTA_PARTS[mapping.part as IdtaPart];
    return `| \`${key}\` | ${mapping.part} ${part.name} | \`${mapping.idShortPath}\` | \`${cell(mapping.semanticId)}\` |`;
  });
  return ['| Field | IDTA 02035 part | idShort path | semanticId |', '|---|---|---|---|', ...rows].join('\n');
}

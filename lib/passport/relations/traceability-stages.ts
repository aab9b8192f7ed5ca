/** The supply-chain steps a traceability entry records, from the mine to the pack (and back, recycling). */
export const TRACEABILITY_STAGES = [
  'raw_material_extraction',
  'refining',
  'active_material_production',
  'cell_manufacturing',
  'module_assembly',
  'pack_assembly',
  'transport',
  'recycling',
  'other',
] as const;

export type TraceabilityStage = (typeof TRACEABILITY_STAGES)[number];

import { type CategorySchema, FIELD_GROUPS, type FieldDefinition, type FieldGroup } from './types';

export const GROUP_TITLES: Record<FieldGroup, string> = {
  identity: 'Identity',
  manufacturer: 'Manufacturer',
  compliance: 'Compliance and labels',
  carbonFootprint: 'Carbon footprint',
  supplyChain: 'Supply chain due diligence',
  materials: 'Materials and chemistry',
  hazardousSubstances: 'Hazardous substances',
  recycledContent: 'Recycled content',
  performance: 'Performance and durability',
  endOfLife: 'End of life',
};

// A dynamic value's time of last update lives in a field of its own (BMS telemetry writes both).
const LAST_UPDATED_OF: Record<string, string> = {
  current_soh_pct: 'soh_last_updated',
  current_cycle_count: 'cycle_count_last_updated',
};

export const isPublic = (f: FieldDefinition) => f.access === 'public';
const isLastUpdatedField = (f: FieldDefinition) => f.id.endsWith('_last_updated');

/** The last-update field of a dynamic field, when it is public too (a restricted timestamp stays hidden). */
export function lastUpdatedFieldOf(schema: CategorySchema, field: FieldDefinition): FieldDefinition | null {
  if (!field.dynamic) return null;
  const id = LAST_UPDATED_OF[field.id] ?? 'lifetime_counter_last_updated';
  const found = schema.fields.find((f) => f.id === id);
  return found && isPublic(found) ? found : null;
}

/** Public fields only, in FIELD_GROUPS order; last-update stamps show beside their value, not as rows. */
export function publicGroups(schema: CategorySchema): { group: FieldGroup; fields: FieldDefinition[] }[] {
  return FIELD_GROUPS.map((group) => ({
    group,
    fields: schema.fields.filter((f) => f.group === group && isPublic(f) && !isLastUpdatedField(f)),
  })).filter((g) => g.fields.length > 0);
}

export function numberField(fields: Record<string, unknown>, id: string): number | null {
  const v = fields[id];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

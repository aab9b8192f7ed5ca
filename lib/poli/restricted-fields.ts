import type { AccessTier } from '../db/generated/enums';
import { type CategorySchema, FIELD_GROUPS, type FieldDefinition, type FieldGroup } from '../schema/types';
import { fieldTiersOf } from './roles';

export interface RestrictedGroup {
  group: FieldGroup;
  fields: FieldDefinition[];
}

/**
 * The restricted fields a grant opens, by group in the viewer's order: the grant's tiers only (authority includes
 * legitimate interest); public fields are on the page already and are not repeated.
 */
export function grantedGroups(schema: CategorySchema, tier: AccessTier): RestrictedGroup[] {
  const tiers = new Set<string>(fieldTiersOf(tier));
  return FIELD_GROUPS.map((group) => ({
    group,
    fields: schema.fields.filter((f) => f.group === group && tiers.has(f.access)),
  })).filter((g) => g.fields.length > 0);
}

/** Inside an array field, the members the grant may see (a member's tier can be stricter than its field's). */
export function grantedMembers(field: FieldDefinition, tier: AccessTier): FieldDefinition[] {
  const tiers = new Set<string>(['public', ...fieldTiersOf(tier)]);
  return (field.items ?? []).filter((m) => tiers.has(m.access));
}

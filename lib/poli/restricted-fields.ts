import type { PoliRole } from '../db/generated/enums';
import { type CategorySchema, FIELD_GROUPS, type FieldDefinition, type FieldGroup } from '../schema/types';
import { type AnnexPoint, pointsOfRole } from './roles';

export interface RestrictedGroup {
  group: FieldGroup;
  fields: FieldDefinition[];
}

/** Groups of the battery model's restricted information of Annex XIII point 2: composition, parts, dismantling. */
const POINT_2_GROUPS: ReadonlySet<FieldGroup> = new Set(['materials', 'endOfLife']);

/**
 * The Annex XIII point a restricted field belongs to; null for a public field (point 1). An authority field is
 * point 3 (test reports); a legitimate-interest field names its point in its reference ("Annex XIII (4)(c)") where
 * it has one, else the model's composition, parts and dismantling groups are point 2 and the rest (performance,
 * durability, state of health, use of the individual battery) point 4.
 */
export function annexPointOf(field: Pick<FieldDefinition, 'access' | 'group' | 'reference'>): AnnexPoint | null {
  if (field.access === 'public') return null;
  if (field.access === 'authority') return 3;
  const named = /Annex XIII \(([234])\)/.exec(field.reference?.regulation ?? '')?.[1];
  if (named) return Number(named) as AnnexPoint;
  return POINT_2_GROUPS.has(field.group) ? 2 : 4;
}

/**
 * The restricted fields a grant opens, by group in the viewer's order: the fields of the Annex XIII points the
 * requester's role opens (Art. 77(2)); public fields are on the page already and are not repeated.
 */
export function grantedGroups(schema: CategorySchema, role: PoliRole): RestrictedGroup[] {
  const points = new Set<AnnexPoint | null>(pointsOfRole(role));
  return FIELD_GROUPS.map((group) => ({
    group,
    fields: schema.fields.filter((f) => f.group === group && points.has(annexPointOf(f))),
  })).filter((g) => g.fields.length > 0);
}

/**
 * Inside an array field, the members the grant may see: public members, and restricted members of an opened point
 * (a member takes its field's point unless it is stricter: an authority member is point 3).
 */
export function grantedMembers(field: FieldDefinition, role: PoliRole): FieldDefinition[] {
  const points = new Set<AnnexPoint | null>(pointsOfRole(role));
  const fieldPoint = annexPointOf(field);
  return (field.items ?? []).filter((m) => {
    if (m.access === 'public') return true;
    return points.has(m.access === 'authority' ? 3 : fieldPoint);
  });
}

/** Whether a role's grant opens the individual battery's information (Annex XIII point 4): its history included. */
export const opensIndividualBattery = (role: PoliRole): boolean => pointsOfRole(role).includes(4);

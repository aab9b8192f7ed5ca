import type { AccessTier, PoliRole } from '../db/generated/enums';
import type { AccessTier as FieldAccess } from '../schema/types';

export interface PoliRoleInfo {
  role: PoliRole;
  label: string;
  tier: AccessTier;
}

/** The requester's role decides the tier (Art. 77): economic operators see legitimate-interest fields, authorities more. */
export const POLI_ROLES: readonly PoliRoleInfo[] = [
  { role: 'REPAIRER', label: 'Repairer', tier: 'LEGITIMATE_INTEREST' },
  { role: 'REMANUFACTURER', label: 'Remanufacturer', tier: 'LEGITIMATE_INTEREST' },
  { role: 'RECYCLER', label: 'Recycler', tier: 'LEGITIMATE_INTEREST' },
  { role: 'SECOND_LIFE_OPERATOR', label: 'Second-life operator (repurposing)', tier: 'LEGITIMATE_INTEREST' },
  { role: 'ECONOMIC_OPERATOR', label: 'Other economic operator', tier: 'LEGITIMATE_INTEREST' },
  { role: 'NOTIFIED_BODY', label: 'Notified body', tier: 'AUTHORITY' },
  { role: 'MARKET_SURVEILLANCE_AUTHORITY', label: 'Market surveillance authority', tier: 'AUTHORITY' },
  { role: 'EUROPEAN_COMMISSION', label: 'European Commission', tier: 'AUTHORITY' },
];

export const TIER_LABELS: Record<AccessTier, string> = {
  LEGITIMATE_INTEREST: 'legitimate interest',
  AUTHORITY: 'authority access',
};

const BY_ROLE = new Map(POLI_ROLES.map((r) => [r.role, r]));

export function roleInfo(role: PoliRole): PoliRoleInfo {
  const info = BY_ROLE.get(role);
  if (!info) throw new TypeError(`Unknown PoLI role ${role}`);
  return info;
}

export const tierForRole = (role: PoliRole): AccessTier => roleInfo(role).tier;

/** A role as the form and the mails name it: "Recycler (legitimate interest)". */
export const roleWithTier = (role: PoliRole): string => `${roleInfo(role).label} (${TIER_LABELS[roleInfo(role).tier]})`;

/** The field tiers a grant opens: authority includes legitimate interest; public fields are everyone's anyway. */
export function fieldTiersOf(tier: AccessTier): FieldAccess[] {
  return tier === 'AUTHORITY' ? ['legitimate_interest', 'authority'] : ['legitimate_interest'];
}

/** The role values as a tuple, for form schemas. */
export const POLI_ROLE_VALUES = POLI_ROLES.map((r) => r.role) as [PoliRole, ...PoliRole[]];

import type { AccessTier, PoliRole } from '../db/generated/enums';

/**
 * The points of Annex XIII of Regulation (EU) 2023/1542 a role may see beyond the public point 1: 2 (detailed
 * composition, part numbers, dismantling, safety: battery model), 3 (test reports: battery model), 4 (the individual
 * battery: performance and durability values, state of health, status, use and operating conditions).
 */
export type AnnexPoint = 2 | 3 | 4;

export interface PoliRoleInfo {
  role: PoliRole;
  label: string;
  tier: AccessTier;
  /** The Annex XIII points the role opens, to the letter of Art. 77(2) (docs/data-model.md, "Access tiers"). */
  points: readonly AnnexPoint[];
}

/**
 * The requester's role decides what a grant opens (Art. 77(2)): persons with a legitimate interest, the economic
 * operators of point (a) of its third subparagraph, points 2 and 4 (point (c) of its second subparagraph); the
 * purchaser or a party acting on its behalf, point (b) of the third subparagraph, the individual battery's point 4;
 * notified bodies, market surveillance authorities and the Commission points 2 and 3 (point (b)).
 */
export const POLI_ROLES: readonly PoliRoleInfo[] = [
  { role: 'REPAIRER', label: 'Repairer', tier: 'LEGITIMATE_INTEREST', points: [2, 4] },
  { role: 'REMANUFACTURER', label: 'Remanufacturer', tier: 'LEGITIMATE_INTEREST', points: [2, 4] },
  { role: 'RECYCLER', label: 'Recycler', tier: 'LEGITIMATE_INTEREST', points: [2, 4] },
  {
    role: 'SECOND_LIFE_OPERATOR',
    label: 'Second-life operator (repurposing)',
    tier: 'LEGITIMATE_INTEREST',
    points: [2, 4],
  },
  { role: 'ECONOMIC_OPERATOR', label: 'Other economic operator', tier: 'LEGITIMATE_INTEREST', points: [2, 4] },
  {
    role: 'PURCHASER',
    label: 'Purchaser of the battery, or acting on its behalf',
    tier: 'LEGITIMATE_INTEREST',
    points: [4],
  },
  { role: 'NOTIFIED_BODY', label: 'Notified body', tier: 'AUTHORITY', points: [2, 3] },
  { role: 'MARKET_SURVEILLANCE_AUTHORITY', label: 'Market surveillance authority', tier: 'AUTHORITY', points: [2, 3] },
  { role: 'EUROPEAN_COMMISSION', label: 'European Commission', tier: 'AUTHORITY', points: [2, 3] },
];

const BY_ROLE = new Map(POLI_ROLES.map((r) => [r.role, r]));

export function roleInfo(role: PoliRole): PoliRoleInfo {
  const info = BY_ROLE.get(role);
  if (!info) throw new TypeError(`Unknown PoLI role ${role}`);
  return info;
}

export const tierForRole = (role: PoliRole): AccessTier => roleInfo(role).tier;

/** The Annex XIII points a role's grant opens. */
export const pointsOfRole = (role: PoliRole): readonly AnnexPoint[] => roleInfo(role).points;

/** The role values as a tuple, for form schemas. */
export const POLI_ROLE_VALUES = POLI_ROLES.map((r) => r.role) as [PoliRole, ...PoliRole[]];

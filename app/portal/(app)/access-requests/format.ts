import type { AccessTier, PoliRequestStatus } from '@/lib/db/generated/enums';
import { TIER_NAMES } from '@/lib/portal/access-requests/queue';
import { utcTime } from '@/lib/portal/audit/context-view';

/** An ISO timestamp of a request view as the portal prints times (UTC), or a dash. */
export const when = (iso: string | null): string => (iso ? utcTime(new Date(iso)) : '—');

export const tierLabel = (tier: AccessTier): string => (tier === 'AUTHORITY' ? 'Authority' : 'Legitimate interest');

/** "legitimate-interest access", as the approval's confirmation sentence says it. */
export const tierAccess = (tier: AccessTier): string => `${TIER_NAMES[tier]} access`;

export const STATUS_LABELS: Record<PoliRequestStatus, string> = {
  PENDING_VERIFICATION: 'Email not confirmed',
  PENDING_REVIEW: 'Awaiting decision',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  REVOKED: 'Revoked',
};

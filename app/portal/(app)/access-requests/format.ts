import type { AccessTier as RequestTier } from '@/lib/db/generated/enums';
import type { PortalLabels } from '@/lib/portal/labels';
import type { AccessTier } from '@/lib/schema/types';

/** An ISO timestamp of a request view as the portal prints moments in the operator's language, or a dash. */
export const when = (l: PortalLabels, iso: string | null): string => (iso ? l.time(iso) : '—');

/** A request's tier as the portal names tiers ("Legitimate interest", "Authority"). */
export const tierLabel = (l: PortalLabels, tier: RequestTier): string => l.tier(tier.toLowerCase() as AccessTier);

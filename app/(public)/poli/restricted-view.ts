import { cookies } from 'next/headers';
import { type HistoryPoint, historySeries } from '@/lib/bms/history';
import type { PublicPassport } from '@/lib/passport/public/representations';
import { type BmsUpdateEntry, bmsUpdatesOf } from '@/lib/poli/bms-history';
import { grantCookieName } from '@/lib/poli/cookie';
import { type ActiveGrant, findActiveGrant } from '@/lib/poli/grant-session';
import { opensIndividualBattery } from '@/lib/poli/restricted-fields';

export interface RestrictedViewData {
  grant: ActiveGrant;
  /** Authority grants only: the passport's BMS updates from the audit trail (which keys, when; no values). */
  bmsUpdates: BmsUpdateEntry[] | null;
  /**
   * Grants that open the individual battery's information (Annex XIII point 4): its state of health, capacity and
   * cycle count over time, from the history of dynamic data.
   */
  history: HistoryPoint[] | null;
}

/** The restricted view this browser may see of this passport: its grant cookie must name a live grant for it. */
export async function restrictedViewFor(passport: PublicPassport): Promise<RestrictedViewData | null> {
  const productId = passport.product.id;
  const sessionToken = (await cookies()).get(grantCookieName(productId))?.value;
  if (!sessionToken) return null;
  const grant = await findActiveGrant({ sessionToken, productId });
  if (!grant) return null;
  return {
    grant,
    bmsUpdates: grant.tier === 'AUTHORITY' ? await bmsUpdatesOf(productId) : null,
    history: opensIndividualBattery(grant.role) ? await historySeries(productId) : null,
  };
}

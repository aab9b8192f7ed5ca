import { cookies } from 'next/headers';
import type { PublicPassport } from '@/lib/passport/public/representations';
import { type BmsUpdateEntry, bmsUpdatesOf } from '@/lib/poli/bms-history';
import { grantCookieName } from '@/lib/poli/cookie';
import { type ActiveGrant, findActiveGrant } from '@/lib/poli/grant-session';

export interface RestrictedViewData {
  grant: ActiveGrant;
  /** Authority grants only: the passport's BMS updates from the audit trail. */
  bmsUpdates: BmsUpdateEntry[] | null;
}

/** The restricted view this browser may see of this passport: its grant cookie must name a live grant for it. */
export async function restrictedViewFor(passport: PublicPassport): Promise<RestrictedViewData | null> {
  const productId = passport.product.id;
  const sessionToken = (await cookies()).get(grantCookieName(productId))?.value;
  if (!sessionToken) return null;
  const grant = await findActiveGrant({ sessionToken, productId });
  if (!grant) return null;
  return { grant, bmsUpdates: grant.tier === 'AUTHORITY' ? await bmsUpdatesOf(productId) : null };
}

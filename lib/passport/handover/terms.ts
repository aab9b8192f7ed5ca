import type { HandoverReason, HandoverStatus } from '../../db/generated/enums';

/**
 * Handover between operators (Art. 77(7) of Regulation (EU) 2023/1542; docs/decisions.md, "Handover between
 * operators"): the reasons, their public names, the offer's lifetime and what the new operator must declare again.
 */

/** The public (API, JSON) names of the reasons, as Art. 77(7) names the operations. */
export const REASON_NAME: Record<HandoverReason, 'prepared_for_reuse' | 'repurposed' | 'remanufactured'> = {
  PREPARED_FOR_REUSE: 'prepared_for_reuse',
  REPURPOSED: 'repurposed',
  REMANUFACTURED: 'remanufactured',
};
export type ReasonName = (typeof REASON_NAME)[HandoverReason];
export const REASON_NAMES = Object.values(REASON_NAME) as [ReasonName, ...ReasonName[]];

export const REASON_LABEL: Record<HandoverReason, string> = {
  PREPARED_FOR_REUSE: 'Prepared for re-use',
  REPURPOSED: 'Repurposed',
  REMANUFACTURED: 'Remanufactured',
};

export function reasonFromName(name: string): HandoverReason | null {
  const found = (Object.keys(REASON_NAME) as HandoverReason[]).find((r) => REASON_NAME[r] === name);
  return found ?? null;
}

export const STATUS_NAME: Record<HandoverStatus, 'offered' | 'accepted' | 'declined' | 'expired' | 'stated'> = {
  OFFERED: 'offered',
  ACCEPTED: 'accepted',
  DECLINED: 'declined',
  EXPIRED: 'expired',
  STATED: 'stated',
};
export const STATUS_NAMES = Object.values(STATUS_NAME) as [string, ...string[]];

/** An offer not answered within 30 days expires. */
export const OFFER_DAYS = 30;
export const offerExpiry = (from: Date) => new Date(from.getTime() + OFFER_DAYS * 24 * 60 * 60 * 1000);

/** The Annex XIII value of `battery_status` each reason gives the successor (its draft starts with it). */
export const BATTERY_STATUS_OF: Record<HandoverReason, string> = {
  PREPARED_FOR_REUSE: 'reused',
  REPURPOSED: 'repurposed',
  REMANUFACTURED: 'remanufactured',
};

/**
 * What the new operator declares again: its own identity as the economic operator placing the battery on the
 * market (ESPR Annex III (h)), the battery's status (Annex XIII (4)(c), started from the reason), the date of putting
 * into service and the warranty, which are the new placing on the market's. A remanufactured battery's manufacturer
 * is the remanufacturer (Art. 3(1)(39)-(40) read with Art. 77(7)): its manufacturer fields are declared again too.
 * These fields start empty (battery_status: from the reason), never copied.
 */
export function redeclaredFields(reason: HandoverReason): string[] {
  const always = [
    'operator_name',
    'operator_identifier',
    'battery_status',
    'putting_into_service_date',
    'warranty_period_months',
  ];
  if (reason !== 'REMANUFACTURED') return always;
  return [
    ...always,
    'manufacturer_name',
    'manufacturer_identifier',
    'manufacturer_country',
    'manufacturer_address',
    'manufacturer_email',
    'manufacturer_website',
  ];
}

/** The status a reader sees: an offer past its expiry is expired, whether or not the sweep has marked it yet. */
export function effectiveStatus(h: { status: HandoverStatus; expiresAt: Date }, now: Date): HandoverStatus {
  return h.status === 'OFFERED' && h.expiresAt.getTime() <= now.getTime() ? 'EXPIRED' : h.status;
}

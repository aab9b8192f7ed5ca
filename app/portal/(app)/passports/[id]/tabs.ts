/** The tabs of the portal's passport page, in their order; each is its own address (`?tab=`), overview by default. */
export const PASSPORT_TABS = [
  { id: 'overview' },
  { id: 'data' },
  { id: 'documents' },
  { id: 'versions' },
  { id: 'activity' },
] as const;

export type PassportTab = (typeof PASSPORT_TABS)[number]['id'];

/** The tab a `?tab=` value names; anything else (absent, repeated, unknown) is the overview. */
export function passportTab(value: string | string[] | undefined): PassportTab {
  return PASSPORT_TABS.find((t) => t.id === value)?.id ?? 'overview';
}

/** The tab's address: the bare passport address for the overview, so it stays the page's canonical address. */
export function tabHref(productId: string, tab: PassportTab): string {
  const path = `/portal/passports/${productId}`;
  return tab === 'overview' ? path : `${path}?tab=${tab}`;
}

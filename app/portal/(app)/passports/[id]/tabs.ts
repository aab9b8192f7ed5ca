/** The tabs of the portal's passport page, in their order; each is its own address (`?tab=`), overview by default. */
export const PASSPORT_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'data', label: 'Data' },
  { id: 'documents', label: 'Documents' },
  { id: 'versions', label: 'Versions' },
  { id: 'activity', label: 'Activity' },
] as const;

export type PassportTab = (typeof PASSPORT_TABS)[number]['id'];

/** The tab a `?tab=` value names; anything else (absent, repeated, unknown) is the overview. */
export function passportTab(value: string | string[] | undefined): PassportTab {
  return PASSPORT_TABS.find((t) => t.id === value)?.id ?? 'overview';
}

export const tabLabel = (tab: PassportTab): string => PASSPORT_TABS.find((t) => t.id === tab)?.label ?? 'Overview';

/** The tab's address: the bare passport address for the overview, so it stays the page's canonical address. */
export function tabHref(productId: string, tab: PassportTab): string {
  const path = `/portal/passports/${productId}`;
  return tab === 'overview' ? path : `${path}?tab=${tab}`;
}

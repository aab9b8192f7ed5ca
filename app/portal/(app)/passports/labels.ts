// How the passport pages name things: states, tiers, categories, times and sizes, in one place.
import type { RegistryState } from '@/lib/registry/status';
import { CATEGORY_INFO } from '@/lib/schema/categories';
import { type AccessTier, BATTERY_CATEGORIES, type BatteryCategory } from '@/lib/schema/types';

export { STATE_LABEL } from '@/lib/portal/passports/state-label';

/** How the portal names an EU registry registration's state, in the order a registration goes through them. */
export const REGISTRY_LABEL: Record<RegistryState, string> = {
  not_registered: 'Not registered',
  pending: 'Pending',
  registered: 'Registered',
  failed: 'Failed',
};

export const TIER_LABEL: Record<AccessTier, string> = {
  public: 'Public',
  legitimate_interest: 'Legitimate interest',
  authority: 'Authority',
};

export const categoryName = (code: string) => CATEGORY_INFO[code as BatteryCategory]?.name ?? code;

/** Every category's name by its code, in the order of BATTERY_CATEGORIES. */
export const CATEGORY_LABEL = Object.fromEntries(BATTERY_CATEGORIES.map((code) => [code, categoryName(code)]));

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

export const formatTime = (at: Date | string) => timeFormat.format(typeof at === 'string' ? new Date(at) : at);

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

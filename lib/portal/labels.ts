import { REGISTRY_STATES, type RegistryState } from '../registry/status';
import { type AccessTier, BATTERY_CATEGORIES } from '../schema/types';
import { portalI18n, portalT } from './i18n';
import { PUBLIC_STATE_NAMES, type PublicStateName } from './passports/list';

/**
 * How the portal names things in the operator's language: workflow states, registry states, access tiers,
 * categories, key and endpoint modes, moments and sizes. Server components and actions only; a client component
 * gets the words from its server parent.
 */
export async function portalLabels() {
  const i18n = await portalI18n();
  const t = await portalT('shell');
  const state = (s: PublicStateName) => t(`state.${s}`);
  const registry = (s: RegistryState) => t(`registry.${s}`);
  const timeFormat = new Intl.DateTimeFormat(i18n.locale === 'en' ? 'en-GB' : i18n.locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  });
  const number = new Intl.NumberFormat(i18n.locale === 'en' ? 'en-GB' : i18n.locale, { maximumFractionDigits: 1 });
  return {
    locale: i18n.locale,
    state,
    registry,
    tier: (tier: AccessTier) => t(`tier.${tier}`),
    category: (code: string) => i18n.category(code),
    mode: (mode: 'live' | 'test') => t(`mode.${mode}`),
    /** Each list in its order, as a filter's options (value to label). */
    options: {
      state: Object.fromEntries(PUBLIC_STATE_NAMES.map((s) => [s, state(s)])) as Record<PublicStateName, string>,
      registry: Object.fromEntries(REGISTRY_STATES.map((s) => [s, registry(s)])) as Record<RegistryState, string>,
      category: Object.fromEntries(BATTERY_CATEGORIES.map((code) => [code, i18n.category(code)])),
      mode: { live: t('mode.live'), test: t('mode.test') },
    },
    /** A moment to the minute, in UTC, the way the language writes it ("12 Mar 2026, 14:05 UTC"). */
    time: (at: Date | string) => timeFormat.format(typeof at === 'string' ? new Date(at) : at),
    bytes: (bytes: number) =>
      bytes < 1024
        ? `${bytes} B`
        : bytes < 1024 * 1024
          ? `${number.format(bytes / 1024)} KiB`
          : `${number.format(bytes / (1024 * 1024))} MiB`,
  };
}
export type PortalLabels = Awaited<ReturnType<typeof portalLabels>>;

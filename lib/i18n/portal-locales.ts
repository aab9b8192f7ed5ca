import Negotiator from 'negotiator';
import type { Locale } from './locales';

/**
 * The languages of the operator portal: English, and German for the operators of the Member State with the most
 * battery makers. An operator chooses one in their profile; until they do, the browser's Accept-Language picks.
 */
export const PORTAL_LOCALES = ['en', 'de'] as const satisfies readonly Locale[];
export type PortalLocale = (typeof PORTAL_LOCALES)[number];

export function isPortalLocale(value: unknown): value is PortalLocale {
  return typeof value === 'string' && (PORTAL_LOCALES as readonly string[]).includes(value);
}

/** The portal's language for a browser whose operator chose none (or before sign-in): Accept-Language, then English. */
export function negotiatePortalLocale(acceptLanguage: string | null): PortalLocale {
  if (!acceptLanguage) return 'en';
  const [best] = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).languages([...PORTAL_LOCALES]);
  return isPortalLocale(best) ? best : 'en';
}

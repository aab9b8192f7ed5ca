import Negotiator from 'negotiator';

/**
 * The 24 official languages of the European Union (Regulation No 1/1958, as amended), by ISO 639-1 code: the
 * languages the public passport pages speak. English is the fallback.
 */
export const LOCALES = [
  'bg',
  'cs',
  'da',
  'de',
  'el',
  'en',
  'es',
  'et',
  'fi',
  'fr',
  'ga',
  'hr',
  'hu',
  'it',
  'lt',
  'lv',
  'mt',
  'nl',
  'pl',
  'pt',
  'ro',
  'sk',
  'sl',
  'sv',
] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The request header the middleware sets on every page request: the language the page renders in. */
export const LOCALE_HEADER = 'x-service-locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

// A wildcard (`*`) takes the first of these: English, the fallback.
const PREFERENCE_ORDER = [DEFAULT_LOCALE, ...LOCALES.filter((l) => l !== DEFAULT_LOCALE)];

/** How a page's language was chosen: the address's `?lang=`, the browser's Accept-Language, or the fallback. */
export type LocaleSource = 'query' | 'header' | 'default';

/**
 * A public page's language: `?lang=` when it names one of ours, then the best of Accept-Language (q-values and
 * regional variants honoured: `de-AT` is German), then English.
 */
export function negotiateLocale(
  lang: string | null,
  acceptLanguage: string | null,
): { locale: Locale; source: LocaleSource } {
  const asked = lang?.toLowerCase() ?? null;
  if (isLocale(asked)) return { locale: asked, source: 'query' };
  if (acceptLanguage) {
    const [best] = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).languages(PREFERENCE_ORDER);
    if (isLocale(best)) return { locale: best, source: 'header' };
  }
  return { locale: DEFAULT_LOCALE, source: 'default' };
}

/** A language's name in that language ("Deutsch", "Malti"), for the language switcher. */
export function endonym(locale: Locale): string {
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

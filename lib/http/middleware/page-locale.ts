import { DEFAULT_LOCALE, type Locale, negotiateLocale } from '../../i18n/locales';

/** Pages written in English only: the operator portal, the landing page and the development mailbox. */
const ENGLISH_ONLY = [/^\/$/, /^\/portal(\/|$)/, /^\/dev(\/|$)/];

/**
 * The language a page renders in (and its `<html lang>`): English on the pages written in English only; every other
 * page (the viewer, its notices, the request form, the PoLI link pages, the 404 page) takes `?lang=`, then
 * Accept-Language, then English.
 */
export function pageLocale(url: URL, headers: Pick<Headers, 'get'>): Locale {
  if (ENGLISH_ONLY.some((path) => path.test(url.pathname))) return DEFAULT_LOCALE;
  return negotiateLocale(url.searchParams.get('lang'), headers.get('accept-language')).locale;
}

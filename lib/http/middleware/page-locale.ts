import { DEFAULT_LOCALE, type Locale, negotiateLocale } from '../../i18n/locales';
import { negotiatePortalLocale } from '../../i18n/portal-locales';

/** Pages written in English only: the landing page and the development mailbox. */
const ENGLISH_ONLY = [/^\/$/, /^\/dev(\/|$)/];
const PORTAL = /^\/portal(\/|$)/;

/**
 * The language a page renders in (and its `<html lang>`): English on the pages written in English only; the
 * portal's languages from Accept-Language on the portal (a signed-in operator's profile choice overrides it there,
 * lib/portal/i18n.ts); every other page (the viewer, its notices, the request form, the PoLI link pages, the 404
 * page) takes `?lang=`, then Accept-Language, then English.
 */
export function pageLocale(url: URL, headers: Pick<Headers, 'get'>): Locale {
  if (ENGLISH_ONLY.some((path) => path.test(url.pathname))) return DEFAULT_LOCALE;
  if (PORTAL.test(url.pathname)) return negotiatePortalLocale(headers.get('accept-language'));
  return negotiateLocale(url.searchParams.get('lang'), headers.get('accept-language')).locale;
}

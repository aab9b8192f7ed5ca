import { DEFAULT_LOCALE, type Locale, negotiateLocale } from '../../i18n/locales';

const isPortalPath = (pathname: string) => pathname === '/portal' || pathname.startsWith('/portal/');

/**
 * The language a page renders in: the operator portal speaks English; every public page (the viewer, its notices,
 * the request form, the landing and error pages) takes `?lang=`, then Accept-Language, then English.
 */
export function pageLocale(url: URL, headers: Pick<Headers, 'get'>): Locale {
  if (isPortalPath(url.pathname)) return DEFAULT_LOCALE;
  return negotiateLocale(url.searchParams.get('lang'), headers.get('accept-language')).locale;
}

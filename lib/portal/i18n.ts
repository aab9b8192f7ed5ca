import { headers } from 'next/headers';
import { cache } from 'react';
import { LOCALE_HEADER } from '../i18n/locales';
import { isPortalLocale, type PortalLocale } from '../i18n/portal-locales';
import { PORTAL_MESSAGES, type PortalMessages, type PortalTranslator, portalTranslator } from '../i18n/portal-messages';
import { i18nFor } from '../i18n/translator';
import { currentOperator } from './session';

export { type PortalTranslator, portalTranslator };

/**
 * The portal's language for this request: the signed-in operator's choice in their profile, else the one the
 * middleware negotiated from Accept-Language among the portal's languages (English or German).
 */
export const portalLocale = cache(async (): Promise<PortalLocale> => {
  const chosen = (await currentOperator())?.locale;
  if (isPortalLocale(chosen)) return chosen;
  const negotiated = (await headers()).get(LOCALE_HEADER);
  return isPortalLocale(negotiated) ? negotiated : 'en';
});

/** `const t = await portalT('keys')`: the area's translator in this request's portal language. */
export async function portalT(namespace: keyof PortalMessages): Promise<PortalTranslator> {
  return portalTranslator(await portalLocale(), namespace);
}

/**
 * This request's portal language with the public pages' translations of it: field labels, help texts, option
 * labels and value formats of the category schemas (the data tab shows a field as the viewer does).
 */
export const portalI18n = cache(async () => {
  const locale = await portalLocale();
  return { ...i18nFor(locale), locale, messages: PORTAL_MESSAGES[locale] };
});

import { headers } from 'next/headers';
import { cache } from 'react';
import { createTranslator } from 'use-intl/core';
import { LOCALE_HEADER } from '../i18n/locales';
import { isPortalLocale, type PortalLocale } from '../i18n/portal-locales';
import { PORTAL_MESSAGES, type PortalMessages } from '../i18n/portal-messages';
import { i18nFor } from '../i18n/translator';
import { currentOperator } from './session';

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

/** A translator of one area of the portal's messages, for a server component or a server action. */
export type PortalTranslator = (key: string, values?: Record<string, string | number | Date>) => string;

/** The portal's messages of one area in a language (made once per process and area). */
export function portalTranslator(locale: PortalLocale, namespace: keyof PortalMessages): PortalTranslator {
  const key = `${locale}:${namespace}`;
  let t = translators.get(key);
  if (!t) {
    const translate = createTranslator({ locale, messages: PORTAL_MESSAGES[locale], namespace, timeZone: 'UTC' });
    t = (k, values) => (translate as (k: string, v?: Record<string, unknown>) => string)(k, values);
    translators.set(key, t);
  }
  return t;
}
const translators = new Map<string, PortalTranslator>();

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

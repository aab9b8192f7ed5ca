import { headers } from 'next/headers';
import { cache } from 'react';
import { DEFAULT_LOCALE, isLocale, LOCALE_HEADER, type Locale } from './locales';
import { type I18n, i18nFor } from './translator';

/** The language of this page request, as the middleware chose it (LOCALE_HEADER; it drops any a client sends). */
export const requestLocale = cache(async (): Promise<Locale> => {
  const value = (await headers()).get(LOCALE_HEADER);
  return isLocale(value) ? value : DEFAULT_LOCALE;
});

/** This page request's messages, translator and value formats. */
export const getI18n = cache(async (): Promise<I18n> => i18nFor(await requestLocale()));

import { type Db, prisma } from '../../db/client';

import { ServiceError } from '../../errors';
import { isPortalLocale, type PortalLocale } from '../../i18n/portal-locales';

/** What the profile form sends: a portal language, or '' to follow the browser. */
export function parseLanguageChoice(value: string): PortalLocale | null {
  if (value === '') return null;
  if (isPortalLocale(value)) return value;
  throw new ServiceError('VALIDATION_ERROR', 'Choose one of the languages offered.', {
    details: { field: 'locale' },
  });
}

/**
 * Saves the portal language an operator chose for themselves (null: follow the browser). Only their own row: the
 * operator's id comes from their session, never from the form.
 */
export async function setOperatorLanguage(userId: string, locale: PortalLocale | null, db: Db = prisma) {
  await db.user.update({ where: { id: userId }, data: { locale } });
}

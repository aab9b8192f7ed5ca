import { createTranslator } from 'use-intl/core';
import de_access from '../../messages/portal/de/access.json' with { type: 'json' };
import de_admin from '../../messages/portal/de/admin.json' with { type: 'json' };
import de_audit from '../../messages/portal/de/audit.json' with { type: 'json' };
import de_auth from '../../messages/portal/de/auth.json' with { type: 'json' };
import de_dashboard from '../../messages/portal/de/dashboard.json' with { type: 'json' };
import de_imports from '../../messages/portal/de/imports.json' with { type: 'json' };
import de_mail from '../../messages/portal/de/mail.json' with { type: 'json' };
import de_passport from '../../messages/portal/de/passport.json' with { type: 'json' };
import de_passports from '../../messages/portal/de/passports.json' with { type: 'json' };
import de_profile from '../../messages/portal/de/profile.json' with { type: 'json' };
import de_review from '../../messages/portal/de/review.json' with { type: 'json' };
import de_shell from '../../messages/portal/de/shell.json' with { type: 'json' };
import en_access from '../../messages/portal/en/access.json' with { type: 'json' };
import en_admin from '../../messages/portal/en/admin.json' with { type: 'json' };
import en_audit from '../../messages/portal/en/audit.json' with { type: 'json' };
import en_auth from '../../messages/portal/en/auth.json' with { type: 'json' };
import en_dashboard from '../../messages/portal/en/dashboard.json' with { type: 'json' };
import en_imports from '../../messages/portal/en/imports.json' with { type: 'json' };
import en_mail from '../../messages/portal/en/mail.json' with { type: 'json' };
import en_passport from '../../messages/portal/en/passport.json' with { type: 'json' };
import en_passports from '../../messages/portal/en/passports.json' with { type: 'json' };
import en_profile from '../../messages/portal/en/profile.json' with { type: 'json' };
import en_review from '../../messages/portal/en/review.json' with { type: 'json' };
import en_shell from '../../messages/portal/en/shell.json' with { type: 'json' };
import type { PortalLocale } from './portal-locales';

/**
 * The operator portal's messages (messages/portal/<code>/<area>.json, one file per area of the portal so the areas
 * can be written and reviewed apart), each area under its own namespace: `t('keys.title')` with
 * `portalT('keys')`. English is the reference a test checks German against, key for key.
 */
const english = {
  shell: en_shell,
  auth: en_auth,
  profile: en_profile,
  mail: en_mail,
  dashboard: en_dashboard,
  passports: en_passports,
  passport: en_passport,
  imports: en_imports,
  review: en_review,
  access: en_access,
  audit: en_audit,
  admin: en_admin,
};
export type PortalMessages = typeof english;

export const PORTAL_MESSAGES: Record<PortalLocale, PortalMessages> = {
  en: english,
  de: {
    shell: de_shell,
    auth: de_auth,
    profile: de_profile,
    mail: de_mail,
    dashboard: de_dashboard,
    passports: de_passports,
    passport: de_passport,
    imports: de_imports,
    review: de_review,
    access: de_access,
    audit: de_audit,
    admin: de_admin,
  } as PortalMessages,
};

/** A translator of one area of the portal's messages, for a server component, a server action or a mail. */
export type PortalTranslator = (key: string, values?: Record<string, string | number | Date>) => string;

const translators = new Map<string, PortalTranslator>();

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

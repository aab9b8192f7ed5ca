import type { PortalLocale } from '../../i18n/portal-locales';
import { PORTAL_MESSAGES } from '../../i18n/portal-messages';
import { SCOPES, type Scope } from '../../integration/scopes';

/**
 * What a scope allows, in the portal's language. English is the scope table's own description (the OpenAPI
 * document reads the same); another language has its words in the admin messages under `scopes.<scope>`, and a
 * scope not translated yet keeps the English.
 */
export function scopeDescription(scope: Scope, locale: PortalLocale): string {
  if (locale === 'en') return SCOPES[scope].description;
  const translated: Record<string, string | undefined> = PORTAL_MESSAGES[locale].admin.scopes;
  return translated[scope] ?? SCOPES[scope].description;
}

import type { PortalLocale } from '../../i18n/portal-locales';
import { keyWarning } from '../../integration/authenticate';
import type { KeyView } from '../../integration/key-admin/view';
import { portalTranslator } from '../i18n';

/**
 * The age or expiry warning of a working key, in the words of the API's `Warning: 299` header (same rule: older
 * than 90 days or expiring within 14), so the portal and an integrator's logs say the same thing; in German, the
 * same warning in German.
 */
export function keyWarningText(
  key: Pick<KeyView, 'status' | 'createdAt' | 'expiresAt'>,
  now = new Date(),
  locale: PortalLocale = 'en',
): string | null {
  if (key.status !== 'active' && key.status !== 'grace') return null;
  const header = keyWarning(
    { createdAt: new Date(key.createdAt), expiresAt: key.expiresAt ? new Date(key.expiresAt) : null },
    now,
  );
  if (!header) return null;
  const text = header.replace(/^299 - "(.*)"$/, '$1');
  const t = portalTranslator(locale, 'admin');
  const expires = /^This API key expires in (\d+) day\(s\) \((.+)\); rotate it$/.exec(text);
  if (expires) return t('keyWarning.expires', { days: Number(expires[1]), at: expires[2] });
  const old = /^This API key is more than (\d+) days old; rotate it$/.exec(text);
  if (old) return t('keyWarning.old', { days: Number(old[1]) });
  return text;
}

import type { PortalLocale } from '../../i18n/portal-locales';
import { portalTranslator } from '../../i18n/portal-messages';
import { type RenderedEmail, renderEmail } from './layout';

/**
 * To an operator who asked for a new password: the single-use link (the token rules of the restricted-access
 * links), in the portal language the operator chose (else the one the request was made in).
 */
export function passwordResetEmail(m: {
  companyName: string;
  link: string;
  ttlMinutes: number;
  locale?: PortalLocale;
}): RenderedEmail {
  const locale = m.locale ?? 'en';
  const t = portalTranslator(locale, 'auth');
  return renderEmail({
    locale,
    companyName: m.companyName,
    subject: t('mail.subject'),
    greeting: t('mail.greeting'),
    paragraphs: [t('mail.why')],
    action: { label: t('mail.action'), url: m.link },
    after: [t('mail.expiry', { minutes: m.ttlMinutes }), t('mail.ignore')],
  });
}

import type { PoliRole } from '../../db/generated/enums';
import type { Locale } from '../../i18n/locales';
import type { PortalLocale } from '../../i18n/portal-locales';
import { portalTranslator } from '../../i18n/portal-messages';
import { i18nFor } from '../../i18n/translator';
import { tierForRole as tierOf } from '../../poli/roles';
import { quoted, type RenderedEmail, renderEmail } from './layout';

/** What every PoLI mail names: the passport and the manufacturer deciding on it. */
export interface PoliMailSubject {
  companyName: string;
  productName: string;
}

/** To the requester: confirm the address before anyone reviews the request (in the language of the form). */
export function verificationEmail(
  m: PoliMailSubject & { name: string; role: PoliRole; link: string; locale?: Locale },
): RenderedEmail {
  const locale = m.locale ?? 'en';
  const { t } = i18nFor(locale);
  const role = t('poli.roleWithTier', { role: t(`poli.roles.${m.role}`), tier: t(`poli.tiers.${tierOf(m.role)}`) });
  return renderEmail({
    locale,
    companyName: m.companyName,
    subject: t('email.verify.subject', { product: m.productName }),
    greeting: t('email.greeting', { name: quoted(m.name) }),
    paragraphs: [
      t('email.verify.asked', { company: m.companyName, product: m.productName, role }),
      t('email.verify.confirm'),
    ],
    action: { label: t('email.verify.action'), url: m.link },
    after: [t('email.verify.once'), t('email.verify.ignore')],
  });
}

/** To the manufacturer's reviewers and admins (in the portal language each chose): a request waits for a decision. */
export function reviewNoticeEmail(
  m: PoliMailSubject & {
    requester: { name: string; organisation: string; email: string; role: PoliRole };
    link: string;
    locale?: PortalLocale;
  },
): RenderedEmail {
  const locale = m.locale ?? 'en';
  const t = portalTranslator(locale, 'mail');
  const pt = i18nFor(locale).t;
  const role = pt('poli.roleWithTier', {
    role: pt(`poli.roles.${m.requester.role}`),
    tier: pt(`poli.tiers.${tierOf(m.requester.role)}`),
  });
  return renderEmail({
    locale,
    companyName: m.companyName,
    subject: t('reviewNotice.subject', { product: m.productName }),
    greeting: t('greeting'),
    paragraphs: [
      t('reviewNotice.asks', {
        name: quoted(m.requester.name),
        organisation: quoted(m.requester.organisation),
        email: quoted(m.requester.email),
        product: m.productName,
        role,
      }),
      t('reviewNotice.next'),
    ],
    action: { label: t('reviewNotice.action'), url: m.link },
  });
}

/** To the requester: the single-use link that opens the restricted view in their browser. */
export function approvedEmail(m: PoliMailSubject & { name: string; link: string; locale?: Locale }): RenderedEmail {
  const locale = m.locale ?? 'en';
  const { t } = i18nFor(locale);
  return renderEmail({
    locale,
    companyName: m.companyName,
    subject: t('email.approved.subject', { product: m.productName }),
    greeting: t('email.greeting', { name: quoted(m.name) }),
    paragraphs: [t('email.approved.approved', { company: m.companyName, product: m.productName })],
    action: { label: t('email.approved.action'), url: m.link },
    after: [t('email.approved.once'), t('email.approved.forward')],
  });
}

/** To the requester: the decision and the manufacturer's reason. */
export function rejectedEmail(m: PoliMailSubject & { name: string; reason: string; locale?: Locale }): RenderedEmail {
  const locale = m.locale ?? 'en';
  const { t } = i18nFor(locale);
  return renderEmail({
    locale,
    companyName: m.companyName,
    subject: t('email.rejected.subject', { product: m.productName }),
    greeting: t('email.greeting', { name: quoted(m.name) }),
    paragraphs: [
      t('email.rejected.declined', { company: m.companyName, product: m.productName }),
      t('email.rejected.reason', { reason: quoted(m.reason) }),
    ],
    after: [t('email.rejected.again')],
  });
}

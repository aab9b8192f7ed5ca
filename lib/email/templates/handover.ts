import type { HandoverReason } from '../../db/generated/enums';
import type { PortalLocale } from '../../i18n/portal-locales';
import { portalTranslator } from '../../i18n/portal-messages';
import { quoted, type RenderedEmail, renderEmail } from './layout';

/**
 * What every handover mail names: the passport, the two companies and the reason. Each goes to an operator in the
 * portal language they chose (messages/portal/<code>/mail.json).
 */
export interface HandoverMail {
  /** The company the mail is sent on behalf of (the one whose operators receive it). */
  companyName: string;
  fromCompany: string;
  toCompany: string;
  productName: string;
  handoverReason: HandoverReason;
  link: string;
  locale: PortalLocale;
}

/** The translator of a mail, and the names every handover mail's messages take. */
function words(m: HandoverMail) {
  const t = portalTranslator(m.locale, 'mail');
  const reason = t(`reason.${m.handoverReason}`);
  return { t, names: { from: m.fromCompany, to: m.toCompany, product: m.productName, reason } };
}

/** To the receiving company's admins and reviewers: an offer waits for their answer. */
export function handoverOfferedEmail(m: HandoverMail & { note: string | null; expiresAt: string }): RenderedEmail {
  const { t, names } = words(m);
  return renderEmail({
    locale: m.locale,
    companyName: m.companyName,
    subject: t('handover.offered.subject', names),
    greeting: t('greeting'),
    paragraphs: [
      t('handover.offered.body', names),
      ...(m.note ? [t('handover.offered.note', { note: quoted(m.note) })] : []),
      t('handover.offered.accepting'),
    ],
    action: { label: t('handover.offered.action'), url: m.link },
    after: [t('handover.expires', { date: m.expiresAt.slice(0, 10) })],
  });
}

/** To either side: the offer was accepted, declined or expired. */
export function handoverDecidedEmail(
  m: HandoverMail & { outcome: 'accepted' | 'declined' | 'expired'; reason: string | null },
): RenderedEmail {
  const { t, names } = words(m);
  return renderEmail({
    locale: m.locale,
    companyName: m.companyName,
    subject: t('handover.decided.subject', { outcome: m.outcome, product: m.productName }),
    greeting: t('greeting'),
    paragraphs: [
      t(`handover.decided.${m.outcome}`, names),
      ...(m.reason ? [t('handover.decided.reason', { reason: quoted(m.reason) })] : []),
    ],
    action: { label: t('handover.open'), url: m.link },
  });
}

/** To the offering company's admins and reviewers: the offer they made, as the receiving company now reads it. */
export function handoverOfferSentEmail(m: HandoverMail & { note: string | null; expiresAt: string }): RenderedEmail {
  const { t, names } = words(m);
  return renderEmail({
    locale: m.locale,
    companyName: m.companyName,
    subject: t('handover.sent.subject', names),
    greeting: t('greeting'),
    paragraphs: [
      t('handover.sent.body', names),
      ...(m.note ? [t('handover.sent.note', { note: quoted(m.note) })] : []),
    ],
    action: { label: t('handover.open'), url: m.link },
    after: [t('handover.expires', { date: m.expiresAt.slice(0, 10) })],
  });
}

/** To both sides: the successor passport is published, and the two public passports now name each other. */
export function handoverCompletedEmail(
  m: HandoverMail & { successorName: string; successorUrl: string; originalUrl: string },
): RenderedEmail {
  const { t, names } = words(m);
  return renderEmail({
    locale: m.locale,
    companyName: m.companyName,
    subject: t('handover.completed.subject', names),
    greeting: t('greeting'),
    paragraphs: [
      t('handover.completed.body', { ...names, successor: m.successorName }),
      t('handover.completed.links', { original: m.originalUrl, successorUrl: m.successorUrl }),
    ],
    action: { label: t('handover.open'), url: m.link },
  });
}

/** To the offering company's admins and reviewers: a successor outside the service recorded as they stated it. */
export function handoverStatedEmail(
  m: Pick<HandoverMail, 'companyName' | 'productName' | 'handoverReason' | 'link' | 'locale'> & {
    successorUri: string;
  },
): RenderedEmail {
  const t = portalTranslator(m.locale, 'mail');
  return renderEmail({
    locale: m.locale,
    companyName: m.companyName,
    subject: t('handover.stated.subject', { product: m.productName }),
    greeting: t('greeting'),
    paragraphs: [
      t('handover.stated.body', {
        product: m.productName,
        reason: t(`reason.${m.handoverReason}`),
        uri: quoted(m.successorUri),
      }),
      t('handover.stated.public'),
    ],
    action: { label: t('handover.open'), url: m.link },
  });
}

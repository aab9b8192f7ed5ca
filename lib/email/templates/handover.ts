import { quoted, type RenderedEmail, renderEmail } from './layout';

/** What every handover mail names: the passport, the two companies and the reason. */
export interface HandoverMail {
  /** The company the mail is sent on behalf of (the one whose operators receive it). */
  companyName: string;
  fromCompany: string;
  toCompany: string;
  productName: string;
  reasonLabel: string;
  link: string;
}

/** To the receiving company's admins and reviewers: an offer waits for their answer. */
export function handoverOfferedEmail(m: HandoverMail & { note: string | null; expiresAt: string }): RenderedEmail {
  return renderEmail({
    companyName: m.companyName,
    subject: `Battery passport offered to you: ${m.productName}`,
    greeting: 'Hello',
    paragraphs: [
      `${m.fromCompany} offers ${m.toCompany} the battery passport of ${m.productName} (${m.reasonLabel.toLowerCase()}).`,
      ...(m.note ? [`Their note: ${quoted(m.note)}`] : []),
      'Accepting creates a draft passport in your company that starts from the published data and links to the original; the fields you declare again as the new operator are marked.',
    ],
    action: { label: 'Review the offer', url: m.link },
    after: [`The offer expires on ${m.expiresAt.slice(0, 10)} (UTC) if nobody answers it.`],
  });
}

/** To either side: the offer was accepted, declined or expired. */
export function handoverDecidedEmail(
  m: HandoverMail & { outcome: 'accepted' | 'declined' | 'expired'; reason: string | null },
): RenderedEmail {
  const what = {
    accepted: `${m.toCompany} accepted the battery passport of ${m.productName} (${m.reasonLabel.toLowerCase()}). Its successor passport is a draft of ${m.toCompany} until they publish it; the original then names it as its successor.`,
    declined: `${m.toCompany} declined the battery passport of ${m.productName} (${m.reasonLabel.toLowerCase()}). The passport stays with ${m.fromCompany}.`,
    expired: `The offer of the battery passport of ${m.productName} from ${m.fromCompany} to ${m.toCompany} expired unanswered after 30 days. The passport stays with ${m.fromCompany}.`,
  }[m.outcome];
  return renderEmail({
    companyName: m.companyName,
    subject: `Battery passport handover ${m.outcome}: ${m.productName}`,
    greeting: 'Hello',
    paragraphs: [what, ...(m.reason ? [`Their reason: ${quoted(m.reason)}`] : [])],
    action: { label: 'Open the handover', url: m.link },
  });
}

/** To the offering company's admins and reviewers: the offer they made, as the receiving company now reads it. */
export function handoverOfferSentEmail(m: HandoverMail & { note: string | null; expiresAt: string }): RenderedEmail {
  return renderEmail({
    companyName: m.companyName,
    subject: `Battery passport offered to ${m.toCompany}: ${m.productName}`,
    greeting: 'Hello',
    paragraphs: [
      `${m.fromCompany} offered ${m.toCompany} the battery passport of ${m.productName} (${m.reasonLabel.toLowerCase()}). ${m.toCompany} accepts or declines the offer; until then the passport stays with ${m.fromCompany}, unchanged and published.`,
      ...(m.note ? [`Your note: ${quoted(m.note)}`] : []),
    ],
    action: { label: 'Open the handover', url: m.link },
    after: [`The offer expires on ${m.expiresAt.slice(0, 10)} (UTC) if nobody answers it.`],
  });
}

/** To both sides: the successor passport is published, and the two public passports now name each other. */
export function handoverCompletedEmail(
  m: HandoverMail & { successorName: string; successorUrl: string; originalUrl: string },
): RenderedEmail {
  return renderEmail({
    companyName: m.companyName,
    subject: `Battery passport handover completed: ${m.productName}`,
    greeting: 'Hello',
    paragraphs: [
      `${m.toCompany} published ${m.successorName}, the successor passport of ${m.productName} (${m.reasonLabel.toLowerCase()}). The responsibility for the battery's passport now lies with ${m.toCompany}.`,
      `The original passport (${m.originalUrl}) names its successor, and the successor (${m.successorUrl}) names the original as its predecessor.`,
    ],
    action: { label: 'Open the handover', url: m.link },
  });
}

/** To the offering company's admins and reviewers: a successor outside the service recorded as they stated it. */
export function handoverStatedEmail(m: {
  companyName: string;
  productName: string;
  reasonLabel: string;
  successorUri: string;
  link: string;
}): RenderedEmail {
  return renderEmail({
    companyName: m.companyName,
    subject: `Battery passport successor stated: ${m.productName}`,
    greeting: 'Hello',
    paragraphs: [
      `The battery passport of ${m.productName} (${m.reasonLabel.toLowerCase()}) now names a successor outside this service, at the address you stated: ${quoted(m.successorUri)}.`,
      'The public passport shows it as stated by the previous operator, not verified. The passport cannot be offered to anyone else any more.',
    ],
    action: { label: 'Open the handover', url: m.link },
  });
}

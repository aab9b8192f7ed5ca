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

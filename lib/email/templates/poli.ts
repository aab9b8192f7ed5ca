import type { PoliRole } from '../../db/generated/enums';
import { roleWithTier } from '../../poli/roles';
import { quoted, type RenderedEmail, renderEmail } from './layout';

/** What every PoLI mail names: the passport and the manufacturer deciding on it. */
export interface PoliMailSubject {
  companyName: string;
  productName: string;
}

/** To the requester: confirm the address before anyone reviews the request. */
export function verificationEmail(m: PoliMailSubject & { name: string; role: PoliRole; link: string }): RenderedEmail {
  return renderEmail({
    companyName: m.companyName,
    subject: `Confirm your access request for ${m.productName}`,
    greeting: `Hello ${quoted(m.name)}`,
    paragraphs: [
      `You asked ${m.companyName} for access to the restricted information in the battery passport of ${m.productName}, as ${roleWithTier(m.role)}.`,
      'Confirm that this email address is yours; only then does the manufacturer see your request.',
    ],
    action: { label: 'Confirm my email address', url: m.link },
    after: [
      'The link works once and expires in 24 hours.',
      'If you did not ask for access, ignore this email: nothing happens without the confirmation.',
    ],
  });
}

/** To the manufacturer's reviewers and admins: a confirmed request waits for a decision. */
export function reviewNoticeEmail(
  m: PoliMailSubject & {
    requester: { name: string; organisation: string; email: string; role: PoliRole };
    link: string;
  },
): RenderedEmail {
  return renderEmail({
    companyName: m.companyName,
    subject: `Access request to review: ${m.productName}`,
    greeting: 'Hello',
    paragraphs: [
      `${quoted(m.requester.name)} (organisation ${quoted(m.requester.organisation)}, email ${quoted(m.requester.email)}) asks for access to the restricted information in the battery passport of ${m.productName}, as ${roleWithTier(m.requester.role)}.`,
      'The email address is confirmed. Approve or reject the request in the portal; a rejection needs a reason, which the requester receives.',
    ],
    action: { label: 'Review the request', url: m.link },
  });
}

/** To the requester: the single-use link that opens the restricted view in their browser. */
export function approvedEmail(m: PoliMailSubject & { name: string; link: string }): RenderedEmail {
  return renderEmail({
    companyName: m.companyName,
    subject: `Access granted: ${m.productName}`,
    greeting: `Hello ${quoted(m.name)}`,
    paragraphs: [
      `${m.companyName} approved your request for the restricted information in the battery passport of ${m.productName}.`,
    ],
    action: { label: 'Open the passport with restricted access', url: m.link },
    after: [
      'The link works once, in one browser, and expires in 7 days. That browser then sees the restricted information for 30 days.',
      'Do not forward this email: whoever opens the link first gets the access.',
    ],
  });
}

/** To the requester: the decision and the manufacturer's reason. */
export function rejectedEmail(m: PoliMailSubject & { name: string; reason: string }): RenderedEmail {
  return renderEmail({
    companyName: m.companyName,
    subject: `Access request declined: ${m.productName}`,
    greeting: `Hello ${quoted(m.name)}`,
    paragraphs: [
      `${m.companyName} declined your request for the restricted information in the battery passport of ${m.productName}.`,
      `Their reason: ${quoted(m.reason)}`,
    ],
    after: ['You may send a new request from the passport page if your situation changes.'],
  });
}

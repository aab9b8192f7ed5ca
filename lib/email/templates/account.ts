import { type RenderedEmail, renderEmail } from './layout';

/** To an operator who asked for a new password: the single-use link (the token rules of the restricted-access links). */
export function passwordResetEmail(m: { companyName: string; link: string; ttlMinutes: number }): RenderedEmail {
  return renderEmail({
    companyName: m.companyName,
    subject: 'Choose a new password for the operator portal',
    greeting: 'Hello',
    paragraphs: [
      'Someone, hopefully you, asked to choose a new password for your operator account of the Battery Passport Service portal.',
    ],
    action: { label: 'Choose a new password', url: m.link },
    after: [
      `The link works once and expires in ${m.ttlMinutes} minutes. Choosing a new password signs your account out everywhere else.`,
      'If you did not ask for it, ignore this email: your password stays as it is.',
    ],
  });
}

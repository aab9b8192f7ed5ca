import type { Tx } from '../db/client';

export interface OutgoingEmail {
  /** The tenant the mail is about; null for mail of the service itself. */
  companyId: string | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Every address the mail links to, so the dev mailbox and the admin CLI can list them. */
  links: string[];
}

/**
 * Writes one mail to the outbox inside the caller's transaction: the change and its mail commit together, and
 * the delivery job sends it afterwards (or holds it for the dev mailbox without a provider).
 */
export async function queueEmail(tx: Tx, email: OutgoingEmail): Promise<{ id: string }> {
  return tx.emailOutbox.create({
    data: {
      companyId: email.companyId,
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      links: email.links,
    },
    select: { id: true },
  });
}

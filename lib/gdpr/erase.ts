import { prisma, type Tx } from '../db/client';
import type { EmailOutbox } from '../db/generated/client';
import { inTransaction } from '../db/transaction';
import type { SubjectRequest } from './access';
import { collectSubjectRows } from './collect';
import { recordGdprRequest, requireGdprRole } from './record';
import { deleteStoredAnswers, pseudonymiseAuditRows } from './scrub';
import { mentions, newPseudonym, normaliseEmail, replaceMentions } from './subject';

// A password hash no password can match: the account can never sign in again.
const NO_PASSWORD = '!erased';
const ERASED_NOTE = 'Erased on a data-subject request.';

async function eraseEmail(tx: Tx, mail: EmailOutbox, email: string, pseudonym: string) {
  if (mentions(mail.to, email)) {
    // A mail to the person: its content is theirs; an unsent one is never sent.
    const unsent = mail.status === 'PENDING' || mail.status === 'HELD';
    await tx.emailOutbox.update({
      where: { id: mail.id },
      data: {
        to: pseudonym,
        subject: '[erased]',
        text: '',
        html: '',
        links: [],
        lastError: unsent ? ERASED_NOTE : mail.lastError,
        ...(unsent ? { status: 'FAILED' } : {}),
      },
    });
    return;
  }
  // A mail to someone else that names the person: only the address is replaced.
  const scrub = (text: string) => replaceMentions(text, email, pseudonym);
  await tx.emailOutbox.update({
    where: { id: mail.id },
    data: {
      subject: scrub(mail.subject),
      text: scrub(mail.text),
      html: scrub(mail.html),
      links: mail.links.map(scrub),
    },
  });
}

/**
 * Right to erasure (Art. 17), per tenant: the key's company's rows about the address are pseudonymised (one random
 * pseudonym), names and messages cleared, PoLI tokens and grants revoked, operator accounts disabled. Audit rows and
 * passport versions are untouched: they never held the address.
 */
export async function gdprErase({ ctx, input, db = prisma }: SubjectRequest) {
  requireGdprRole(ctx);
  const email = normaliseEmail(input.email);
  const pseudonym = newPseudonym();
  const now = new Date();
  return inTransaction(db, async (tx) => {
    const rows = await collectSubjectRows(tx, ctx.companyId, email);
    const requestIds = rows.poliRequests.map((r) => r.id);
    await tx.poliRequest.updateMany({
      where: { id: { in: requestIds }, status: { in: ['PENDING_VERIFICATION', 'PENDING_REVIEW', 'APPROVED'] } },
      data: { status: 'REVOKED' },
    });
    await tx.poliRequest.updateMany({
      where: { id: { in: requestIds } },
      data: {
        email: pseudonym,
        name: '',
        organisation: '',
        rejectionReason: null,
        verificationTokenHash: null,
        verificationExpiresAt: null,
        accessTokenHash: null,
        accessTokenExpiresAt: null,
      },
    });
    await tx.poliGrant.updateMany({
      where: { id: { in: rows.poliGrants.map((g) => g.id) }, revokedAt: null },
      data: { revokedAt: now },
    });
    // User.email is unique: a second account differing only in case (not written by createOperator) gets its own pseudonym.
    for (const [i, user] of rows.operatorAccounts.entries()) {
      await tx.user.update({
        where: { id: user.id },
        data: {
          email: i === 0 ? pseudonym : newPseudonym(),
          name: null,
          passwordHash: NO_PASSWORD,
          disabledAt: user.disabledAt ?? now,
          lockedUntil: null,
        },
      });
    }
    for (const mail of rows.emails) await eraseEmail(tx, mail, email, pseudonym);
    const auditEntries = await pseudonymiseAuditRows(tx, rows.auditEntries, email, pseudonym);
    const storedAnswers = await deleteStoredAnswers(tx, ctx.companyId, email);
    const erased = {
      poliRequests: rows.poliRequests.length,
      poliGrants: rows.poliGrants.length,
      emails: rows.emails.length,
      operatorAccounts: rows.operatorAccounts.length,
    };
    await recordGdprRequest(tx, ctx, 'ERASE', email, {
      ...erased,
      auditEntriesPseudonymised: auditEntries,
      storedAnswersDeleted: storedAnswers,
    });
    return { erased };
  });
}

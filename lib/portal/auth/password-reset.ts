import { assertAcceptablePassword, hashPassword } from '../../crypto/passwords';
import { type Db, prisma } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { writeAudit } from '../../domain/audit';
import { queueEmail } from '../../email/outbox';
import { passwordResetEmail } from '../../email/templates/account';
import { ServiceError } from '../../errors';
import { limit } from '../../http/rate-limit';
import { isPortalLocale, type PortalLocale } from '../../i18n/portal-locales';
import { absoluteUrl } from '../../poli/links';
import { hashPresentedToken, issueToken, later, sameHash } from '../../poli/tokens';

/** A "forgot password" link works once, for an hour: long enough to reach a mailbox, short if a mail leaks. */
export const RESET_TTL_MS = 60 * 60_000;
export const RESET_PAGE = '/portal/reset-password';

/**
 * `sent` whatever the address: the answer never says whether an operator has it. `throttled`: too many requests
 * from this client address or for this email (slows mail bombing); nothing was stored or sent.
 */
export type ResetRequestOutcome = { kind: 'sent' } | { kind: 'throttled' };

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * An operator who forgot the password asks for a link: an active operator of an active company gets one by email
 * (the token's SHA-256 kept, never the token); a newer link ends the older ones. The limits key on the address the
 * server took from the socket, never a header the client sets, and on the email.
 */
export async function requestPasswordReset({
  email: typed,
  clientAddress,
  locale,
  db = prisma,
  now = new Date(),
}: {
  email: string;
  clientAddress: string;
  /** The language of the page the request came from: the mail's, unless the operator chose one in the profile. */
  locale?: PortalLocale;
  db?: Db;
  now?: Date;
}): Promise<ResetRequestOutcome> {
  const email = String(typed ?? '')
    .trim()
    .toLowerCase();
  if (!(await limit('passwordResetAddress', `address:${clientAddress}`)).success) return { kind: 'throttled' };
  if (!EMAIL_SHAPE.test(email) || email.length > 320) return { kind: 'sent' };
  if (!(await limit('passwordResetEmail', `email:${email}`)).success) return { kind: 'throttled' };
  await inTransaction(db, async (tx) => {
    const user = await tx.user.findUnique({
      where: { email },
      select: {
        id: true,
        disabledAt: true,
        companyId: true,
        role: true,
        locale: true,
        company: { select: { name: true, suspendedAt: true } },
      },
    });
    if (!user || user.disabledAt || user.company.suspendedAt) return;
    await tx.passwordReset.updateMany({ where: { userId: user.id, usedAt: null }, data: { usedAt: now } });
    const token = issueToken();
    await tx.passwordReset.create({
      data: { userId: user.id, tokenHash: token.hash, expiresAt: later(now, RESET_TTL_MS) },
    });
    const mail = passwordResetEmail({
      companyName: user.company.name,
      link: absoluteUrl(`${RESET_PAGE}?token=${encodeURIComponent(token.token)}`),
      ttlMinutes: RESET_TTL_MS / 60_000,
      locale: isPortalLocale(user.locale) ? user.locale : locale,
    });
    await queueEmail(tx, { companyId: user.companyId, to: email, ...mail });
    await writeAudit(tx, {
      companyId: user.companyId,
      eventType: 'PasswordResetRequested',
      actor: { role: user.role, id: user.id, channel: 'Portal' },
      context: { userId: user.id },
    });
  });
  return { kind: 'sent' };
}

/** Whether a presented link can still set a password (the page shows the form only then). */
export async function resetLinkUsable(token: string | null | undefined, db: Db = prisma, now = new Date()) {
  const hash = hashPresentedToken(token);
  if (!hash) return false;
  const row = await db.passwordReset.findUnique({
    where: { tokenHash: hash },
    select: { tokenHash: true, usedAt: true, expiresAt: true },
  });
  return !!row && sameHash(row.tokenHash, hash) && !row.usedAt && row.expiresAt > now;
}

/** `invalid-link`: used, expired, unknown or of a disabled operator; `refused`: a password the service would not store. */
export type ResetOutcome = { kind: 'done' } | { kind: 'invalid-link' } | { kind: 'refused'; message: string };

/**
 * Sets the new password of the link's operator and uses the link up, in one transaction. A refused password leaves
 * the link usable. Every other open link of the operator ends, and so does every session signed in before
 * (User.passwordChangedAt).
 */
export async function resetPassword({
  token,
  password,
  db = prisma,
  now = new Date(),
}: {
  token: string;
  password: string;
  db?: Db;
  now?: Date;
}): Promise<ResetOutcome> {
  const hash = hashPresentedToken(token);
  if (!hash) return { kind: 'invalid-link' };
  try {
    assertAcceptablePassword(password);
  } catch (err) {
    if (err instanceof ServiceError) return { kind: 'refused', message: err.message };
    throw err;
  }
  const passwordHash = await hashPassword(password);
  return inTransaction(db, async (tx): Promise<ResetOutcome> => {
    // Used up first, by a conditional update: of two submissions of one link only one finds it unused.
    const [row] = await tx.passwordReset.updateManyAndReturn({
      where: { tokenHash: hash, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
      select: { tokenHash: true, userId: true },
    });
    if (!row || !sameHash(row.tokenHash, hash)) return { kind: 'invalid-link' };
    const user = await tx.user.findUnique({
      where: { id: row.userId },
      select: { id: true, companyId: true, role: true, disabledAt: true, company: { select: { suspendedAt: true } } },
    });
    // The link stays used: a disabled operator's link never becomes good again.
    if (!user || user.disabledAt || user.company.suspendedAt) return { kind: 'invalid-link' };
    await tx.user.update({
      where: { id: user.id },
      data: { passwordHash, passwordChangedAt: now, failedLoginCount: 0, lockedUntil: null },
    });
    await tx.passwordReset.updateMany({ where: { userId: user.id, usedAt: null }, data: { usedAt: now } });
    await writeAudit(tx, {
      companyId: user.companyId,
      eventType: 'PasswordReset',
      actor: { role: user.role, id: user.id, channel: 'Portal' },
      context: { userId: user.id },
    });
    return { kind: 'done' };
  });
}

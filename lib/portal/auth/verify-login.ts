import { hashPassword, MAX_PASSWORD_LENGTH, verifyPassword } from '../../crypto/passwords';
import { type Db, prisma } from '../../db/client';
import { writeAudit } from '../../domain/audit';
import { limit } from '../../http/rate-limit';
import { SIGN_IN_LOCK_AFTER_FAILURES, SIGN_IN_LOCK_MINUTES } from '../../http/rate-limit/policies';

/** Consecutive failures that lock an account, and for how long. */
export const LOCK_AFTER_FAILURES = SIGN_IN_LOCK_AFTER_FAILURES;
export const LOCK_MINUTES = SIGN_IN_LOCK_MINUTES;

export interface SignedInOperator {
  id: string;
  email: string;
  name: string | null;
  companyId: string;
  role: 'ADMIN' | 'EDITOR' | 'REVIEWER';
}

/** `invalid` never says whether the email exists; `throttled` covers both the address limit and a locked account. */
export type LoginOutcome = { ok: true; operator: SignedInOperator } | { ok: false; reason: 'invalid' | 'throttled' };

export interface LoginAttempt {
  email: string;
  password: string;
  /** The address the custom server took from the socket; never a client-sent header. */
  clientAddress: string;
}

let dummyHash: Promise<string> | undefined;
// An unknown email still costs one full password check, so response time does not reveal which emails exist.
const burnPasswordCheck = async (password: string) =>
  verifyPassword(password, await (dummyHash ??= hashPassword('not-a-real-password')));

export async function verifyOperatorLogin(
  attempt: LoginAttempt,
  db: Db = prisma,
  now = new Date(),
): Promise<LoginOutcome> {
  const email = String(attempt.email ?? '')
    .trim()
    .toLowerCase();
  const password = String(attempt.password ?? '');
  const [byAddress, byAccount] = await Promise.all([
    limit('signIn', `address:${attempt.clientAddress}`),
    limit('signIn', `account:${email}`),
  ]);
  if (!byAddress.success || !byAccount.success) return { ok: false, reason: 'throttled' };
  if (!email || !password || password.length > MAX_PASSWORD_LENGTH * 4) return { ok: false, reason: 'invalid' };

  const user = await db.user.findUnique({ where: { email }, include: { company: { select: { suspendedAt: true } } } });
  if (!user) return unknownAccount(email, password);
  if (user.lockedUntil && user.lockedUntil > now) return { ok: false, reason: 'throttled' };
  const matches = await verifyPassword(password, user.passwordHash);
  if (!matches || user.disabledAt || user.company.suspendedAt) {
    if (!matches) await recordFailure(db, user.id, now);
    return { ok: false, reason: 'invalid' };
  }
  await db.$transaction(async (tx) => {
    await tx.user.update({
      where: { id: user.id },
      data: { failedLoginCount: 0, lockedUntil: null, lastLoginAt: now },
    });
    const actor = { role: user.role, id: user.id, channel: 'Portal' as const };
    await writeAudit(tx, { companyId: user.companyId, eventType: 'SignIn', actor, context: { userId: user.id } });
  });
  return {
    ok: true,
    operator: { id: user.id, email: user.email, name: user.name, companyId: user.companyId, role: user.role },
  };
}

/**
 * An email without an account answers as an account does: "invalid" for its first wrong passwords, then "throttled"
 * once an account would be locked, refused before any password check just as a locked account is. Otherwise five
 * wrong guesses and a sixth would tell an attacker which emails have an account. The count lives in the rate
 * limiter (a fixed 15-minute window), since there is no row to keep it on.
 */
async function unknownAccount(email: string, password: string): Promise<LoginOutcome> {
  const failures = await limit('signInUnknownAccount', `account:${email}`);
  if (!failures.success) return { ok: false, reason: 'throttled' };
  await burnPasswordCheck(password);
  return { ok: false, reason: 'invalid' };
}

async function recordFailure(db: Db, userId: string, now: Date): Promise<void> {
  // Increment in the database: concurrent wrong guesses must all count.
  const { failedLoginCount } = await db.user.update({
    where: { id: userId },
    data: { failedLoginCount: { increment: 1 } },
    select: { failedLoginCount: true },
  });
  if (failedLoginCount < LOCK_AFTER_FAILURES) return;
  await db.user.update({
    where: { id: userId },
    data: { failedLoginCount: 0, lockedUntil: new Date(now.getTime() + LOCK_MINUTES * 60_000) },
  });
}

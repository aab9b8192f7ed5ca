import { hashPassword, MAX_PASSWORD_LENGTH, verifyPassword } from '../../crypto/passwords';
import { type Db, prisma } from '../../db/client';
import { writeAudit } from '../../domain/audit';
import { limit, remaining } from '../../http/rate-limit';
import {
  SIGN_IN_ACCOUNT_FAILURES,
  SIGN_IN_FAILURE_WINDOW_MINUTES,
  SIGN_IN_PAIR_FAILURES,
} from '../../http/rate-limit/policies';

/** Wrong passwords from one address that refuse that address for the email, and the window they are counted in. */
export const PAIR_FAILURES = SIGN_IN_PAIR_FAILURES;
export const FAILURE_WINDOW_MINUTES = SIGN_IN_FAILURE_WINDOW_MINUTES;
/** Wrong passwords from all addresses after which an address that has failed on the email is refused. */
export const ACCOUNT_FAILURES = SIGN_IN_ACCOUNT_FAILURES;

export interface SignedInOperator {
  id: string;
  email: string;
  name: string | null;
  companyId: string;
  role: 'ADMIN' | 'EDITOR' | 'REVIEWER';
}

/** `invalid` never says whether the email exists; `throttled` covers the address limit and a refused (email, address). */
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
  const byAddress = await limit('signIn', `address:${attempt.clientAddress}`);
  if (!byAddress.success) return { ok: false, reason: 'throttled' };
  if (!email || !password || password.length > MAX_PASSWORD_LENGTH * 4) return { ok: false, reason: 'invalid' };

  // Everything below is keyed by the email, never by the user row, so an email without an account is counted,
  // refused and timed exactly like one with an account.
  const keys = failureKeys(email, attempt.clientAddress);
  if (await refusedFromHere(keys)) return { ok: false, reason: 'throttled' };
  const user = await db.user.findUnique({ where: { email }, include: { company: { select: { suspendedAt: true } } } });
  const matches = user ? await verifyPassword(password, user.passwordHash) : await burnPasswordCheck(password);
  if (!user || !matches || user.disabledAt || user.company.suspendedAt) {
    if (!user || !matches) await recordFailure(keys);
    return { ok: false, reason: 'invalid' };
  }
  await db.$transaction(async (tx) => {
    await tx.user.update({
      where: { id: user.id },
      // The columns of the former account-wide lock are cleared; nothing sets them any more.
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

interface FailureKeys {
  pair: string;
  account: string;
}

const failureKeys = (email: string, address: string): FailureKeys => ({
  pair: `pair:${email}|${address}`,
  account: `account:${email}`,
});

/**
 * Wrong passwords are counted per (email, address) and per email over a window. An address is refused for an email
 * after its own fifth wrong password, and also after its first once the email has collected the account-wide
 * number of wrong passwords from all addresses (the account is slowed down). An address that has not failed on the
 * email is always heard, so someone who knows an operator's email cannot keep the operator out.
 */
async function refusedFromHere(keys: FailureKeys): Promise<boolean> {
  const [pairLeft, accountLeft] = await Promise.all([
    remaining('signInFailures', keys.pair),
    remaining('signInAccountFailures', keys.account),
  ]);
  if (pairLeft === 0) return true;
  return accountLeft === 0 && pairLeft < PAIR_FAILURES;
}

async function recordFailure(keys: FailureKeys): Promise<void> {
  await Promise.all([limit('signInFailures', keys.pair), limit('signInAccountFailures', keys.account)]);
}

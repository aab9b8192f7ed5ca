import { afterAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createTestCompany, createTestOperator } from '../../../testing/factories';
import { disconnectPrisma, prisma } from '../../db/client';
import { resetRateLimiterForTests } from '../../http/rate-limit';
import { ACCOUNT_FAILURES, FAILURE_WINDOW_MINUTES, PAIR_FAILURES, verifyOperatorLogin } from './verify-login';

afterAll(() => disconnectPrisma());
beforeEach(() => resetRateLimiterForTests());

/** Holds the clock (Date only) just after a fixed window of the limiter starts, so no count rolls over mid-test. */
function holdClockAtWindowStart(windowSeconds: number) {
  const windowMs = windowSeconds * 1000;
  vi.useFakeTimers({ toFake: ['Date'], now: (Math.floor(Date.now() / windowMs) + 1) * windowMs + 1000 });
  onTestFinished(() => {
    vi.useRealTimers();
  });
}

let n = 0;
const address = () => `192.0.2.${(n += 1)}`;

async function operator(role: 'ADMIN' | 'EDITOR' | 'REVIEWER' = 'EDITOR') {
  const company = await createTestCompany(prisma);
  return createTestOperator(prisma, { companyId: company.id, role });
}

describe('verifyOperatorLogin', () => {
  it('signs in with the right password, case-insensitively on the email, and records the sign-in in the audit trail', async () => {
    const user = await operator('REVIEWER');
    const outcome = await verifyOperatorLogin({
      email: user.email.toUpperCase(),
      password: user.password,
      clientAddress: address(),
    });
    expect(outcome).toEqual({
      ok: true,
      operator: expect.objectContaining({ id: user.id, role: 'REVIEWER', companyId: user.companyId }),
    });
    const audit = await prisma.auditLog.findFirst({ where: { actorId: user.id, eventType: 'SignIn' } });
    expect(audit).toMatchObject({ eventChannel: 'Portal', actorRole: 'REVIEWER' });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).lastLoginAt).not.toBeNull();
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const user = await operator();
    const wrong = await verifyOperatorLogin({
      email: user.email,
      password: 'not-the-password',
      clientAddress: address(),
    });
    const unknown = await verifyOperatorLogin({
      email: 'nobody@nowhere.example',
      password: 'whatever-x',
      clientAddress: address(),
    });
    expect(wrong).toEqual({ ok: false, reason: 'invalid' });
    expect(unknown).toEqual(wrong);
  });

  it(`refuses an (account, address) pair after ${PAIR_FAILURES} wrong passwords, even the right one, while the owner signs in from another address`, async () => {
    const user = await operator();
    holdClockAtWindowStart(FAILURE_WINDOW_MINUTES * 60);
    const from = address();
    for (let i = 0; i < PAIR_FAILURES; i += 1) {
      expect(
        await verifyOperatorLogin({ email: user.email, password: `wrong-${i}-xxxx`, clientAddress: from }),
      ).toEqual({
        ok: false,
        reason: 'invalid',
      });
    }
    expect(await verifyOperatorLogin({ email: user.email, password: user.password, clientAddress: from })).toEqual({
      ok: false,
      reason: 'throttled',
    });
    expect(
      await verifyOperatorLogin({ email: user.email, password: user.password, clientAddress: address() }),
    ).toMatchObject({ ok: true });
    // The owner's sign-in elsewhere does not free the attacking address.
    expect(await verifyOperatorLogin({ email: user.email, password: user.password, clientAddress: from })).toEqual({
      ok: false,
      reason: 'throttled',
    });
  });

  it(`after ${ACCOUNT_FAILURES} wrong passwords from many addresses, every address that failed is refused and one that did not is heard`, async () => {
    const user = await operator();
    holdClockAtWindowStart(FAILURE_WINDOW_MINUTES * 60);
    const attackers = Array.from({ length: ACCOUNT_FAILURES }, address);
    for (const from of attackers)
      expect(await verifyOperatorLogin({ email: user.email, password: 'wrong-xxxx', clientAddress: from })).toEqual({
        ok: false,
        reason: 'invalid',
      });
    for (const from of attackers)
      expect(await verifyOperatorLogin({ email: user.email, password: user.password, clientAddress: from })).toEqual({
        ok: false,
        reason: 'throttled',
      });
    const fresh = address();
    expect(await verifyOperatorLogin({ email: user.email, password: 'wrong-again', clientAddress: fresh })).toEqual({
      ok: false,
      reason: 'invalid',
    });
    // One failure is enough from here now that the account is slowed down.
    expect(await verifyOperatorLogin({ email: user.email, password: user.password, clientAddress: fresh })).toEqual({
      ok: false,
      reason: 'throttled',
    });
    expect(
      await verifyOperatorLogin({ email: user.email, password: user.password, clientAddress: address() }),
    ).toMatchObject({ ok: true });
  });

  it('answers an email without an account exactly like an account, through the pair refusal and the account slow-down', async () => {
    const user = await operator();
    const stranger = `nobody-${user.id}@nowhere.example`;
    holdClockAtWindowStart(FAILURE_WINDOW_MINUTES * 60);
    const both = async (password: (email: string) => string, from: () => [string, string]) => {
      const [a, b] = from();
      const forAccount = await verifyOperatorLogin({
        email: user.email,
        password: password(user.email),
        clientAddress: a,
      });
      const forStranger = await verifyOperatorLogin({
        email: stranger,
        password: password(stranger),
        clientAddress: b,
      });
      expect(forStranger).toEqual(forAccount);
      return forAccount;
    };
    const pair: [string, string] = [address(), address()];
    const fixed = () => pair;
    const fresh2 = (): [string, string] => [address(), address()];
    for (let k = 0; k < PAIR_FAILURES; k += 1)
      expect(await both(() => `wrong-${k}-xxxx`, fixed)).toEqual({ ok: false, reason: 'invalid' });
    expect(await both((e) => (e === user.email ? user.password : 'any-password-x'), fixed)).toEqual({
      ok: false,
      reason: 'throttled',
    });
    expect(
      await verifyOperatorLogin({ email: stranger.toUpperCase(), password: 'any-password-x', clientAddress: pair[1] }),
    ).toEqual({ ok: false, reason: 'throttled' });
    for (let k = PAIR_FAILURES; k < ACCOUNT_FAILURES; k += 1)
      expect(await both(() => `wrong-${k}-xxxx`, fresh2)).toEqual({ ok: false, reason: 'invalid' });
    const fresh = [address(), address()];
    expect(await verifyOperatorLogin({ email: user.email, password: 'wrong-x', clientAddress: fresh[0]! })).toEqual(
      await verifyOperatorLogin({ email: stranger, password: 'wrong-x', clientAddress: fresh[1]! }),
    );
    expect(await verifyOperatorLogin({ email: user.email, password: user.password, clientAddress: fresh[0]! })).toEqual(
      { ok: false, reason: 'throttled' },
    );
    expect(await verifyOperatorLogin({ email: stranger, password: 'wrong-x', clientAddress: fresh[1]! })).toEqual({
      ok: false,
      reason: 'throttled',
    });
  });

  it('counts concurrent wrong passwords from one address without losing one', async () => {
    const user = await operator();
    holdClockAtWindowStart(FAILURE_WINDOW_MINUTES * 60);
    const from = address();
    await Promise.all(
      Array.from({ length: PAIR_FAILURES }, (_, i) =>
        verifyOperatorLogin({ email: user.email, password: `wrong-${i}-xxxx`, clientAddress: from }),
      ),
    );
    expect(await verifyOperatorLogin({ email: user.email, password: user.password, clientAddress: from })).toEqual({
      ok: false,
      reason: 'throttled',
    });
  });

  it('throttles attempts from one address across accounts', async () => {
    holdClockAtWindowStart(60);
    const from = address();
    const outcomes = [];
    for (let i = 0; i < 11; i += 1)
      outcomes.push(
        await verifyOperatorLogin({ email: `guess-${i}@x.example`, password: 'guess-guess', clientAddress: from }),
      );
    expect(outcomes.at(-1)).toEqual({ ok: false, reason: 'throttled' });
  });

  it('refuses a disabled operator and an operator of a suspended company', async () => {
    const disabled = await operator();
    await prisma.user.update({ where: { id: disabled.id }, data: { disabledAt: new Date() } });
    expect(
      await verifyOperatorLogin({ email: disabled.email, password: disabled.password, clientAddress: address() }),
    ).toEqual({ ok: false, reason: 'invalid' });
    const suspended = await operator();
    await prisma.company.update({ where: { id: suspended.companyId }, data: { suspendedAt: new Date() } });
    expect(
      await verifyOperatorLogin({ email: suspended.email, password: suspended.password, clientAddress: address() }),
    ).toEqual({ ok: false, reason: 'invalid' });
  });
});

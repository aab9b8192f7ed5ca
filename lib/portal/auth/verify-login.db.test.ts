import { afterAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createTestCompany, createTestOperator } from '../../../testing/factories';
import { disconnectPrisma, prisma } from '../../db/client';
import { resetRateLimiterForTests } from '../../http/rate-limit';
import { LOCK_AFTER_FAILURES, LOCK_MINUTES, verifyOperatorLogin } from './verify-login';

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

  it(`locks the account after ${LOCK_AFTER_FAILURES} wrong passwords in a row, refusing even the right one`, async () => {
    const user = await operator();
    for (let i = 0; i < LOCK_AFTER_FAILURES; i += 1) {
      expect(
        await verifyOperatorLogin({ email: user.email, password: `wrong-${i}-xxxx`, clientAddress: address() }),
      ).toMatchObject({ ok: false });
    }
    expect(await verifyOperatorLogin({ email: user.email, password: user.password, clientAddress: address() })).toEqual(
      { ok: false, reason: 'throttled' },
    );
  });

  it(`answers an email without an account like an account through ${LOCK_AFTER_FAILURES} wrong passwords and the lockout after them`, async () => {
    const user = await operator();
    const stranger = `nobody-${user.id}@nowhere.example`;
    holdClockAtWindowStart(LOCK_MINUTES * 60);
    for (let i = 0; i < LOCK_AFTER_FAILURES; i += 1) {
      const forAccount = await verifyOperatorLogin({
        email: user.email,
        password: `wrong-${i}-xxxx`,
        clientAddress: address(),
      });
      expect(
        await verifyOperatorLogin({ email: stranger, password: `wrong-${i}-xxxx`, clientAddress: address() }),
      ).toEqual(forAccount);
    }
    const locked = await verifyOperatorLogin({ email: user.email, password: user.password, clientAddress: address() });
    expect(locked).toEqual({ ok: false, reason: 'throttled' });
    expect(
      await verifyOperatorLogin({ email: stranger, password: 'any-password-x', clientAddress: address() }),
    ).toEqual(locked);
    expect(
      await verifyOperatorLogin({
        email: stranger.toUpperCase(),
        password: 'any-password-x',
        clientAddress: address(),
      }),
    ).toEqual(locked);
  });

  it('counts concurrent wrong passwords without losing one', async () => {
    const user = await operator();
    await Promise.all(
      [1, 2, 3].map((i) =>
        verifyOperatorLogin({ email: user.email, password: `wrong-${i}-xxxx`, clientAddress: address() }),
      ),
    );
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).failedLoginCount).toBe(3);
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

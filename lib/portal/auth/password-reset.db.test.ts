import { afterAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createTestCompany, createTestOperator } from '../../../testing/factories';
import { disconnectPrisma, prisma } from '../../db/client';
import { resetRateLimiterForTests } from '../../http/rate-limit';
import { PASSWORD_RESETS_PER_EMAIL_PER_HOUR } from '../../http/rate-limit/policies';
import { RESET_TTL_MS, requestPasswordReset, resetLinkUsable, resetPassword } from './password-reset';
import { verifyOperatorLogin } from './verify-login';

afterAll(() => disconnectPrisma());
beforeEach(() => resetRateLimiterForTests());

let n = 0;
const address = () => `198.51.100.${(n += 1) % 250}`;
const NEW_PASSWORD = 'a-new-password-2026';

async function operator() {
  const company = await createTestCompany(prisma);
  return createTestOperator(prisma, { companyId: company.id, role: 'EDITOR' });
}

/** The token of the newest reset mail to an address, read from its link as the operator's mailbox would. */
async function tokenMailedTo(email: string): Promise<string> {
  const mail = await prisma.emailOutbox.findFirstOrThrow({ where: { to: email }, orderBy: { createdAt: 'desc' } });
  const link = (mail.links as string[]).find((l) => l.includes('/portal/reset-password?token='));
  return new URL(link!).searchParams.get('token')!;
}

describe('forgot password: a single-use link by email', () => {
  it('mails an operator a link whose token is stored only as its hash, and the same answer for an unknown address', async () => {
    const user = await operator();
    expect(await requestPasswordReset({ email: ` ${user.email.toUpperCase()} `, clientAddress: address() })).toEqual({
      kind: 'sent',
    });
    const token = await tokenMailedTo(user.email);
    const rows = await prisma.passwordReset.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).not.toContain(token);
    expect(rows[0].expiresAt.getTime() - rows[0].createdAt.getTime()).toBeLessThanOrEqual(RESET_TTL_MS + 1000);
    const audit = await prisma.auditLog.findFirst({ where: { actorId: user.id, eventType: 'PasswordResetRequested' } });
    expect(audit).not.toBeNull();

    const unknown = `nobody-${Date.now()}@nowhere.example`;
    expect(await requestPasswordReset({ email: unknown, clientAddress: address() })).toEqual({ kind: 'sent' });
    expect(await prisma.emailOutbox.count({ where: { to: unknown } })).toBe(0);
  });

  it("writes the mail in the operator's chosen portal language, else in the language of the page it was asked from", async () => {
    const chose = await operator();
    await prisma.user.update({ where: { id: chose.id }, data: { locale: 'de' } });
    await requestPasswordReset({ email: chose.email, clientAddress: address(), locale: 'en' });
    const german = await prisma.emailOutbox.findFirstOrThrow({ where: { to: chose.email } });
    expect(german.subject).toBe('Neues Passwort für das Betreiberportal wählen');
    expect(german.text).toContain('läuft in 60 Minuten ab');

    const follows = await operator();
    await requestPasswordReset({ email: follows.email, clientAddress: address(), locale: 'de' });
    expect((await prisma.emailOutbox.findFirstOrThrow({ where: { to: follows.email } })).subject).toBe(
      'Neues Passwort für das Betreiberportal wählen',
    );
    const english = await operator();
    await requestPasswordReset({ email: english.email, clientAddress: address() });
    expect((await prisma.emailOutbox.findFirstOrThrow({ where: { to: english.email } })).subject).toBe(
      'Choose a new password for the operator portal',
    );
  });

  it('sets the new password once: the link is then used up, the old password fails and the new one signs in', async () => {
    const user = await operator();
    await requestPasswordReset({ email: user.email, clientAddress: address() });
    const token = await tokenMailedTo(user.email);
    expect(await resetLinkUsable(token)).toBe(true);
    expect(await resetPassword({ token, password: NEW_PASSWORD })).toEqual({ kind: 'done' });
    expect(await resetLinkUsable(token)).toBe(false);
    expect(await resetPassword({ token, password: 'another-password-1' })).toEqual({ kind: 'invalid-link' });
    expect(await verifyOperatorLogin({ email: user.email, password: user.password, clientAddress: address() })).toEqual(
      { ok: false, reason: 'invalid' },
    );
    const signIn = await verifyOperatorLogin({ email: user.email, password: NEW_PASSWORD, clientAddress: address() });
    expect(signIn.ok).toBe(true);
    const changed = await prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(changed.passwordChangedAt).not.toBeNull();
    expect(await prisma.auditLog.count({ where: { actorId: user.id, eventType: 'PasswordReset' } })).toBe(1);
  });

  it('of two submissions of one link at once, exactly one sets a password', async () => {
    const user = await operator();
    await requestPasswordReset({ email: user.email, clientAddress: address() });
    const token = await tokenMailedTo(user.email);
    const outcomes = await Promise.all([
      resetPassword({ token, password: 'first-password-123' }),
      resetPassword({ token, password: 'second-password-456' }),
    ]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(['done', 'invalid-link']);
  });

  it('keeps the link usable after a password the service would not store, and refuses a link past its hour', async () => {
    const user = await operator();
    await requestPasswordReset({ email: user.email, clientAddress: address() });
    const token = await tokenMailedTo(user.email);
    expect(await resetPassword({ token, password: 'short' })).toMatchObject({ kind: 'refused' });
    expect(await resetLinkUsable(token)).toBe(true);
    const late = new Date(Date.now() + RESET_TTL_MS + 60_000);
    expect(await resetLinkUsable(token, prisma, late)).toBe(false);
    expect(await resetPassword({ token, password: NEW_PASSWORD, now: late })).toEqual({ kind: 'invalid-link' });
  });

  it('ends the older link when a newer one is asked for, and never works for a disabled operator', async () => {
    const user = await operator();
    await requestPasswordReset({ email: user.email, clientAddress: address() });
    const first = await tokenMailedTo(user.email);
    await new Promise((r) => setTimeout(r, 5));
    await requestPasswordReset({ email: user.email, clientAddress: address() });
    const second = await tokenMailedTo(user.email);
    expect(second).not.toBe(first);
    expect(await resetLinkUsable(first)).toBe(false);
    await prisma.user.update({ where: { id: user.id }, data: { disabledAt: new Date() } });
    expect(await resetPassword({ token: second, password: NEW_PASSWORD })).toEqual({ kind: 'invalid-link' });
    expect(await requestPasswordReset({ email: user.email, clientAddress: address() })).toEqual({ kind: 'sent' });
    expect(await prisma.passwordReset.count({ where: { userId: user.id } })).toBe(2);
  });

  it('refuses malformed tokens without a lookup', async () => {
    for (const token of ['', 'x', 'a'.repeat(44), "'; drop table", `${'A'.repeat(42)}!`]) {
      expect(await resetPassword({ token, password: NEW_PASSWORD })).toEqual({ kind: 'invalid-link' });
      expect(await resetLinkUsable(token)).toBe(false);
    }
  });

  it(`throttles the requests for one address after ${PASSWORD_RESETS_PER_EMAIL_PER_HOUR} an hour (mail bombing), whatever the client address`, async () => {
    const windowMs = 3_600_000;
    vi.useFakeTimers({ toFake: ['Date'], now: (Math.floor(Date.now() / windowMs) + 1) * windowMs + 1000 });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const user = await operator();
    for (let i = 0; i < PASSWORD_RESETS_PER_EMAIL_PER_HOUR; i += 1)
      expect(await requestPasswordReset({ email: user.email, clientAddress: address() })).toEqual({ kind: 'sent' });
    expect(await requestPasswordReset({ email: user.email, clientAddress: address() })).toEqual({ kind: 'throttled' });
    expect(await prisma.emailOutbox.count({ where: { to: user.email } })).toBe(PASSWORD_RESETS_PER_EMAIL_PER_HOUR);
  });
});

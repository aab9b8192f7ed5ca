import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublishedPassport, createTestOperator } from '../../testing/factories';
import {
  approvedRequest,
  lastMailTo,
  type PoliTenant,
  poliTenant,
  submittedRequest,
  verifiedRequest,
} from '../../testing/poli';
import { sha256Hex } from '../crypto/secrets';
import { type Db, disconnectPrisma, prisma } from '../db/client';
import { passportPath } from '../gs1/digital-link';
import { findActiveGrant, signOutPoliGrant } from './grant-session';
import { redeemPoliAccess } from './redeem-access';
import { revokePoliAccess } from './revoke-access';
import { verifyPoliEmail } from './verify-email';

const DAY_MS = 86_400_000;
let t: PoliTenant;

beforeAll(async () => {
  t = await poliTenant(prisma);
});
afterAll(() => disconnectPrisma());

/** The same token with its first character changed: the shape of ours, the hash of none. */
const tamper = (token: string) => `${token[0] === 'A' ? 'B' : 'A'}${token.slice(1)}`;
const at = (ms: number) => new Date(Date.now() + ms);
const requestRow = (id: string) => prisma.poliRequest.findUniqueOrThrow({ where: { id } });

describe('the verification link', () => {
  it('confirms the address once: PENDING_REVIEW, verifiedAt set, token hash cleared, reviewers and admins told, audited', async () => {
    const disabled = await createTestOperator(prisma, { companyId: t.company.id, role: 'REVIEWER' });
    await prisma.user.update({ where: { id: disabled.id }, data: { disabledAt: new Date() } });
    const { requestId, email, verificationToken } = await submittedRequest(prisma, t);

    const outcome = await verifyPoliEmail({ input: { token: verificationToken } });

    expect(outcome).toEqual({ ok: true, requestId, passportPath: passportPath(t.product), locale: 'en' });
    const row = await requestRow(requestId);
    expect(row).toMatchObject({ status: 'PENDING_REVIEW', verificationTokenHash: null, verificationExpiresAt: null });
    expect(row.verifiedAt).toBeInstanceOf(Date);
    const notices = await prisma.emailOutbox.findMany({
      where: {
        companyId: t.company.id,
        subject: `Access request to review: ${t.product.name}`,
        text: { contains: email },
      },
    });
    expect(notices.map((m) => m.to).sort()).toEqual([t.admin.email, t.reviewer.email].sort());
    expect(notices[0].links).toEqual([`http://localhost:3000/portal/access-requests/${requestId}`]);
    const audit = await prisma.auditLog.findFirstOrThrow({
      where: { eventType: 'PoliRequestVerified', actorId: requestId },
    });
    expect(audit).toMatchObject({
      companyId: t.company.id,
      productId: t.product.id,
      actorRole: 'Requester',
      eventContext: { poliRequestId: requestId },
    });

    expect(await verifyPoliEmail({ input: { token: verificationToken } })).toEqual({ ok: false });
  });

  it('refuses a tampered, malformed, missing or expired token alike, changing nothing', async () => {
    const { requestId, verificationToken } = await submittedRequest(prisma, t);
    for (const token of [tamper(verificationToken), `${verificationToken}x`, 'short', '', null]) {
      expect(await verifyPoliEmail({ input: { token } })).toEqual({ ok: false });
    }
    expect(await verifyPoliEmail({ input: { token: verificationToken }, now: at(DAY_MS + 1000) })).toEqual({
      ok: false,
    });
    const row = await requestRow(requestId);
    expect(row).toMatchObject({
      status: 'PENDING_VERIFICATION',
      verifiedAt: null,
      verificationTokenHash: sha256Hex(verificationToken),
    });
  });
});

describe('the access link and the browser grant', () => {
  it("gives one browser a hashed 30-day grant at the request's tier, once; the link is then spent", async () => {
    const { requestId, accessToken } = await approvedRequest(prisma, t, { role: 'NOTIFIED_BODY' });
    const outcome = await redeemPoliAccess({ input: { token: accessToken } });
    if (!outcome.ok) throw new Error('expected a grant');
    expect(outcome.passportPath).toBe(passportPath(t.product));
    const grant = await prisma.poliGrant.findUniqueOrThrow({ where: { id: outcome.grantId } });
    expect(grant).toMatchObject({
      requestId,
      productId: t.product.id,
      companyId: t.company.id,
      tier: 'AUTHORITY',
      sessionHash: sha256Hex(outcome.sessionToken),
      revokedAt: null,
    });
    expect(Math.abs(grant.expiresAt.getTime() - Date.now() - 30 * DAY_MS)).toBeLessThan(60_000);
    const row = await requestRow(requestId);
    expect(row.accessTokenHash).toBeNull();
    expect(row.accessTokenUsedAt).toBeInstanceOf(Date);
    expect(
      await prisma.auditLog.count({
        where: {
          eventType: 'PoliGrantIssued',
          actorId: requestId,
          eventContext: { path: ['poliGrantId'], equals: grant.id },
        },
      }),
    ).toBe(1);

    expect(await redeemPoliAccess({ input: { token: accessToken } })).toEqual({ ok: false });
    expect(await prisma.poliGrant.count({ where: { requestId } })).toBe(1);
  });

  it('refuses a tampered or expired (7 days) access token, and the token of a revoked access', async () => {
    const expiring = await approvedRequest(prisma, t);
    expect(await redeemPoliAccess({ input: { token: tamper(expiring.accessToken) } })).toEqual({ ok: false });
    expect(await redeemPoliAccess({ input: { token: expiring.accessToken }, now: at(7 * DAY_MS + 1000) })).toEqual({
      ok: false,
    });

    const revoked = await approvedRequest(prisma, t);
    await revokePoliAccess({ ctx: t.reviewerCtx, input: { requestId: revoked.requestId } });
    expect(await redeemPoliAccess({ input: { token: revoked.accessToken } })).toEqual({ ok: false });
    expect(
      await prisma.poliGrant.count({ where: { requestId: { in: [expiring.requestId, revoked.requestId] } } }),
    ).toBe(0);
  });

  it('opens the restricted view of its own passport only, until it expires or is revoked', async () => {
    const other = await poliTenant(prisma);
    const { requestId, accessToken } = await approvedRequest(prisma, t);
    const outcome = await redeemPoliAccess({ input: { token: accessToken } });
    if (!outcome.ok) throw new Error('expected a grant');
    const session = outcome.sessionToken;

    expect(await findActiveGrant({ sessionToken: session, productId: t.product.id })).toMatchObject({
      id: outcome.grantId,
      requestId,
      tier: 'LEGITIMATE_INTEREST',
    });
    // Cross-passport use: the same session on another passport, of this manufacturer or another, is no grant.
    const sibling = await createPublishedPassport(prisma, { companyId: t.company.id });
    expect(await findActiveGrant({ sessionToken: session, productId: sibling.id })).toBeNull();
    expect(await findActiveGrant({ sessionToken: session, productId: other.product.id })).toBeNull();
    expect(await findActiveGrant({ sessionToken: tamper(session), productId: t.product.id })).toBeNull();
    expect(
      await findActiveGrant({ sessionToken: session, productId: t.product.id, now: at(30 * DAY_MS + 1000) }),
    ).toBeNull();
    expect((await prisma.poliGrant.findUniqueOrThrow({ where: { id: outcome.grantId } })).lastSeenAt).toBeInstanceOf(
      Date,
    );

    await revokePoliAccess({ ctx: t.reviewerCtx, input: { requestId } });
    expect(await findActiveGrant({ sessionToken: session, productId: t.product.id })).toBeNull();
  });

  it("signing out revokes the browser's grant for that passport and answers the page to return to", async () => {
    const { requestId, accessToken } = await approvedRequest(prisma, t);
    const outcome = await redeemPoliAccess({ input: { token: accessToken } });
    if (!outcome.ok) throw new Error('expected a grant');

    // Another passport's id with this session revokes nothing.
    const other = await poliTenant(prisma);
    expect(
      await signOutPoliGrant({ input: { sessionToken: outcome.sessionToken, productId: other.product.id } }),
    ).toEqual({ passportPath: passportPath(other.product) });
    expect(await findActiveGrant({ sessionToken: outcome.sessionToken, productId: t.product.id })).not.toBeNull();

    expect(await signOutPoliGrant({ input: { sessionToken: outcome.sessionToken, productId: t.product.id } })).toEqual({
      passportPath: passportPath(t.product),
    });
    expect(await findActiveGrant({ sessionToken: outcome.sessionToken, productId: t.product.id })).toBeNull();
    expect((await prisma.poliGrant.findUniqueOrThrow({ where: { id: outcome.grantId } })).revokedAt).toBeInstanceOf(
      Date,
    );
    expect(await prisma.auditLog.count({ where: { eventType: 'PoliGrantSignedOut', actorId: requestId } })).toBe(1);
    expect(await signOutPoliGrant({ input: { sessionToken: null, productId: 'nonsense' } })).toEqual({
      passportPath: null,
    });
  });

  it('a second verification of an already verified request does not notify reviewers again', async () => {
    const { verificationToken } = await verifiedRequest(prisma, t);
    const before = await prisma.emailOutbox.count({ where: { companyId: t.company.id } });
    expect(await verifyPoliEmail({ input: { token: verificationToken } })).toEqual({ ok: false });
    expect(await prisma.emailOutbox.count({ where: { companyId: t.company.id } })).toBe(before);
    expect((await lastMailTo(prisma, t.reviewer.email)).mail.subject).toContain('Access request to review');
  });
});

describe('guessed tokens', () => {
  /** The client with $transaction refused: a verb that opens a transaction through it fails the test. */
  const withoutTransactions = new Proxy(prisma, {
    get: (target, prop) =>
      prop === '$transaction'
        ? () => Promise.reject(new Error('a guessed token opened a transaction'))
        : Reflect.get(target, prop),
  }) as Db;

  it('are refused with one read and no transaction, so a flood of guesses cannot hold the connection pool', async () => {
    const { verificationToken } = await submittedRequest(prisma, t);
    const { accessToken } = await approvedRequest(prisma, t);
    for (const token of [tamper(verificationToken), tamper(accessToken)]) {
      expect(await verifyPoliEmail({ input: { token }, db: withoutTransactions })).toEqual({ ok: false });
      expect(await redeemPoliAccess({ input: { token }, db: withoutTransactions })).toEqual({ ok: false });
    }
    // The real tokens still work (through a client that may open transactions), once.
    expect(await verifyPoliEmail({ input: { token: verificationToken } })).toMatchObject({ ok: true });
    expect(await redeemPoliAccess({ input: { token: accessToken } })).toMatchObject({ ok: true });
    expect(await verifyPoliEmail({ input: { token: verificationToken }, db: withoutTransactions })).toEqual({
      ok: false,
    });
    expect(await redeemPoliAccess({ input: { token: accessToken }, db: withoutTransactions })).toEqual({ ok: false });
  });

  it('racing clicks on one real link: exactly one succeeds', async () => {
    const { requestId, verificationToken } = await submittedRequest(prisma, t);
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () => verifyPoliEmail({ input: { token: verificationToken } })),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(await prisma.auditLog.count({ where: { eventType: 'PoliRequestVerified', actorId: requestId } })).toBe(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approvedRequest,
  lastMailTo,
  type PoliTenant,
  poliTenant,
  submittedRequest,
  verifiedRequest,
} from '../../testing/poli';
import { sha256Hex } from '../crypto/secrets';
import { disconnectPrisma, prisma } from '../db/client';
import type { DomainContext } from '../domain/context';
import { ServiceError } from '../errors';
import { approvePoliRequest } from './approve-request';
import { getPoliRequest } from './get-request';
import { listPoliRequests } from './list-requests';
import { redeemPoliAccess } from './redeem-access';
import { rejectPoliRequest } from './reject-request';
import { revokePoliAccess } from './revoke-access';

const DAY_MS = 86_400_000;
let t: PoliTenant;
let outsider: PoliTenant;

beforeAll(async () => {
  [t, outsider] = [await poliTenant(prisma), await poliTenant(prisma)];
});
afterAll(() => disconnectPrisma());

async function refusal(work: Promise<unknown>): Promise<{ code: string; reason?: string }> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ServiceError)) throw new Error(`expected a ServiceError, got ${String(error)}`);
  return { code: error.code, ...(error.options.reason ? { reason: error.options.reason } : {}) };
}

const row = (id: string) => prisma.poliRequest.findUniqueOrThrow({ where: { id } });

describe('approvePoliRequest', () => {
  it('approves a confirmed request: APPROVED, decided by the portal user, a hashed 7-day access link mailed, audited', async () => {
    const { requestId, email } = await verifiedRequest(prisma, t);
    const view = await approvePoliRequest({ ctx: t.reviewerCtx, input: { requestId } });
    expect(view).toMatchObject({
      id: requestId,
      status: 'APPROVED',
      decidedByUserId: t.reviewer.id,
      tier: 'LEGITIMATE_INTEREST',
      grants: [],
    });
    expect(JSON.stringify(view)).not.toMatch(/Hash/);
    const { mail, link, token } = await lastMailTo(prisma, email);
    expect(mail.subject).toBe(`Access granted: ${t.product.name}`);
    expect(link).toBe(`http://localhost:3000/api/poli/access?token=${token}`);
    const stored = await row(requestId);
    expect(stored.accessTokenHash).toBe(sha256Hex(token!));
    expect(Math.abs(stored.accessTokenExpiresAt!.getTime() - Date.now() - 7 * DAY_MS)).toBeLessThan(60_000);
    expect(stored.decidedAt).toBeInstanceOf(Date);
    const audit = await prisma.auditLog.findFirstOrThrow({
      where: { eventType: 'PoliRequestApproved', eventContext: { path: ['poliRequestId'], equals: requestId } },
    });
    expect(audit).toMatchObject({
      actorRole: 'REVIEWER',
      actorId: t.reviewer.id,
      eventChannel: 'Portal',
      productId: t.product.id,
    });
  });

  it('leaves decidedByUserId empty when the system (admin CLI) decides', async () => {
    const { requestId } = await verifiedRequest(prisma, t);
    expect(await approvePoliRequest({ ctx: t.systemCtx, input: { requestId } })).toMatchObject({
      status: 'APPROVED',
      decidedByUserId: null,
    });
  });

  it('refuses editors (FORBIDDEN), unconfirmed or decided requests (INVALID_STATE) and other tenants (NOT_FOUND), changing nothing', async () => {
    const { requestId } = await verifiedRequest(prisma, t);
    expect(await refusal(approvePoliRequest({ ctx: t.editorCtx, input: { requestId } }))).toEqual({
      code: 'FORBIDDEN',
    });
    expect(await refusal(approvePoliRequest({ ctx: outsider.reviewerCtx, input: { requestId } }))).toEqual({
      code: 'NOT_FOUND',
    });
    expect(await refusal(approvePoliRequest({ ctx: t.reviewerCtx, input: { requestId: 'not-a-uuid' } }))).toEqual({
      code: 'INVALID_ID',
    });
    expect((await row(requestId)).status).toBe('PENDING_REVIEW');
    const unconfirmed = await submittedRequest(prisma, t);
    expect(
      await refusal(approvePoliRequest({ ctx: t.reviewerCtx, input: { requestId: unconfirmed.requestId } })),
    ).toEqual({ code: 'INVALID_STATE', reason: 'INVALID_TRANSITION' });
    await approvePoliRequest({ ctx: t.reviewerCtx, input: { requestId } });
    expect(await refusal(approvePoliRequest({ ctx: t.reviewerCtx, input: { requestId } }))).toEqual({
      code: 'INVALID_STATE',
      reason: 'INVALID_TRANSITION',
    });
  });

  it('two reviewers approving at once: one approval, one access link', async () => {
    const { requestId, email } = await verifiedRequest(prisma, t);
    const admin: DomainContext = {
      companyId: t.company.id,
      actor: { role: 'ADMIN', id: t.admin.id, channel: 'Portal' },
    };
    const results = await Promise.allSettled([
      approvePoliRequest({ ctx: t.reviewerCtx, input: { requestId } }),
      approvePoliRequest({ ctx: admin, input: { requestId } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await prisma.emailOutbox.count({ where: { to: email, subject: { startsWith: 'Access granted' } } })).toBe(1);
  });
});

describe('rejectPoliRequest', () => {
  it('needs a reason, then rejects and mails the reason to the requester; the audit row does not repeat it', async () => {
    const { requestId, email } = await verifiedRequest(prisma, t);
    expect(await refusal(rejectPoliRequest({ ctx: t.reviewerCtx, input: { requestId, reason: '  ' } }))).toEqual({
      code: 'VALIDATION_ERROR',
    });
    const reason = 'We could not confirm that Circular Metals BV recycles this chemistry.';
    const view = await rejectPoliRequest({ ctx: t.reviewerCtx, input: { requestId, reason: ` ${reason} ` } });
    expect(view).toMatchObject({ status: 'REJECTED', rejectionReason: reason, decidedByUserId: t.reviewer.id });
    const { mail } = await lastMailTo(prisma, email);
    expect(mail.subject).toBe(`Access request declined: ${t.product.name}`);
    expect(mail.text).toContain(reason);
    expect(mail.html).toContain('We could not confirm that Circular Metals BV recycles this chemistry.');
    const audit = await prisma.auditLog.findFirstOrThrow({
      where: { eventType: 'PoliRequestRejected', eventContext: { path: ['poliRequestId'], equals: requestId } },
    });
    expect(JSON.stringify(audit.eventContext)).not.toContain('Circular');
    expect(await refusal(rejectPoliRequest({ ctx: outsider.reviewerCtx, input: { requestId, reason } }))).toEqual({
      code: 'NOT_FOUND',
    });
  });
});

describe('revokePoliAccess', () => {
  it('ends every browser session of an approved request and its unused access link; only APPROVED requests', async () => {
    const first = await approvedRequest(prisma, t);
    const redeemed = await redeemPoliAccess({ input: { token: first.accessToken } });
    expect(redeemed.ok).toBe(true);
    expect(
      await refusal(revokePoliAccess({ ctx: outsider.reviewerCtx, input: { requestId: first.requestId } })),
    ).toEqual({ code: 'NOT_FOUND' });
    expect(await refusal(revokePoliAccess({ ctx: t.editorCtx, input: { requestId: first.requestId } }))).toEqual({
      code: 'FORBIDDEN',
    });

    const view = await revokePoliAccess({ ctx: t.reviewerCtx, input: { requestId: first.requestId } });
    expect(view.status).toBe('REVOKED');
    expect(view.grants.map((g) => [g.active, g.revokedAt !== null])).toEqual([[false, true]]);
    expect(
      await prisma.auditLog.count({
        where: { eventType: 'PoliAccessRevoked', eventContext: { path: ['poliRequestId'], equals: first.requestId } },
      }),
    ).toBe(1);

    const unused = await approvedRequest(prisma, t);
    await revokePoliAccess({ ctx: t.reviewerCtx, input: { requestId: unused.requestId } });
    expect((await row(unused.requestId)).accessTokenHash).toBeNull();
    expect(await redeemPoliAccess({ input: { token: unused.accessToken } })).toEqual({ ok: false });
    expect(await refusal(revokePoliAccess({ ctx: t.reviewerCtx, input: { requestId: unused.requestId } }))).toEqual({
      code: 'INVALID_STATE',
      reason: 'INVALID_TRANSITION',
    });
  });
});

describe('listPoliRequests and getPoliRequest', () => {
  it("list the tenant's confirmed requests newest first, page by page, filter by status, and never another tenant's", async () => {
    const tenant = await poliTenant(prisma);
    const unconfirmed = await submittedRequest(prisma, tenant);
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push((await verifiedRequest(prisma, tenant)).requestId);
    await approvePoliRequest({ ctx: tenant.reviewerCtx, input: { requestId: ids[0] } });
    await verifiedRequest(prisma, outsider);

    const first = await listPoliRequests({ ctx: tenant.editorCtx, input: { limit: 2 } });
    const second = await listPoliRequests({ ctx: tenant.editorCtx, input: { limit: 2, cursor: first.nextCursor! } });
    expect([...first.data, ...second.data].map((r) => r.id)).toEqual([...ids].reverse());
    expect(second.nextCursor).toBeNull();
    expect(
      (await listPoliRequests({ ctx: tenant.reviewerCtx, input: { status: 'APPROVED' } })).data.map((r) => r.id),
    ).toEqual([ids[0]]);
    expect(
      (await listPoliRequests({ ctx: tenant.reviewerCtx, input: { status: 'PENDING_VERIFICATION' } })).data.map(
        (r) => r.id,
      ),
    ).toEqual([unconfirmed.requestId]);
    expect(await refusal(listPoliRequests({ ctx: tenant.reviewerCtx, input: { cursor: 'forged' } }))).toEqual({
      code: 'VALIDATION_ERROR',
    });
    expect(await refusal(listPoliRequests({ ctx: tenant.reviewerCtx, input: { limit: 0 } }))).toEqual({
      code: 'VALIDATION_ERROR',
    });

    expect(await getPoliRequest({ ctx: tenant.reviewerCtx, input: { requestId: ids[1] } })).toMatchObject({
      id: ids[1],
      status: 'PENDING_REVIEW',
      productId: tenant.product.id,
      productName: tenant.product.name,
      roleLabel: 'Recycler',
      organisation: 'Circular Metals BV',
    });
    expect(await refusal(getPoliRequest({ ctx: outsider.reviewerCtx, input: { requestId: ids[1] } }))).toEqual({
      code: 'NOT_FOUND',
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeededSubject, seedSubject, uniqueAddress } from '../../testing/gdpr-subject';
import { rowsJson } from '../../testing/json';
import { disconnectPrisma, prisma } from '../db/client';
import type { DomainContext } from '../domain/context';
import { gdprAccess, gdprPortability } from './access';
import { subjectHashOf } from './subject';

afterAll(() => disconnectPrisma());

describe('access and portability for one address (POST /api/v1/gdpr/access, /portability)', () => {
  const email = uniqueAddress();
  let a: SeededSubject;
  let b: SeededSubject;
  let ctx: DomainContext;

  beforeAll(async () => {
    a = await seedSubject(prisma, email);
    b = await seedSubject(prisma, email, { operator: false });
    ctx = { companyId: a.company.id, actor: { role: 'Integration', id: null, channel: 'API' }, mode: 'LIVE' };
  });

  it("answers everything company A holds about the address, matched case-insensitively, and nothing of company B's", async () => {
    const data = await gdprAccess({ ctx, input: { email: email.toUpperCase() } });
    expect(data.subject).toEqual({ email: email.toLowerCase() });
    expect(data.poliRequests.map((r) => r.id)).toEqual([a.request.id]);
    expect(data.poliRequests[0]).toMatchObject({
      name: 'Jane Doe',
      organisation: 'Doe Repairs Ltd',
      role: 'REPAIRER',
      status: 'APPROVED',
    });
    expect(data.poliGrants.map((g) => g.id)).toEqual([a.grant.id]);
    expect(data.operatorAccounts.map((u) => u.id)).toEqual([a.user!.id]);
    expect(data.emails.map((m) => m.id).sort()).toEqual([a.toPerson.id, a.notification.id].sort());
    const events = data.auditEntries.map((e) => e.eventType).sort();
    expect(events).toEqual(['OperatorCreated', 'PoliGrantIssued', 'PoliRequestCreated']);
    const text = JSON.stringify(data);
    for (const other of [b.company.id, b.request.id, b.grant.id, b.toPerson.id, b.notification.id])
      expect(text).not.toContain(other);
  });

  it('never answers password or token hashes', async () => {
    const text = JSON.stringify(await gdprAccess({ ctx, input: { email } }));
    const user = await prisma.user.findUniqueOrThrow({ where: { id: a.user!.id } });
    expect(text).not.toContain(user.passwordHash);
    expect(text).not.toContain(a.request.accessTokenHash!);
    expect(text).not.toContain(a.grant.sessionHash);
    expect(text).not.toMatch(/passwordHash|TokenHash|sessionHash/);
  });

  it('exports the same data with a format version', async () => {
    const [exported, data] = [
      await gdprPortability({ ctx, input: { email } }),
      await gdprAccess({ ctx, input: { email } }),
    ];
    expect(exported.format).toBe('battery-passport-gdpr-export/1');
    const untimed = (d: object) => ({ ...d, generatedAt: null });
    expect(untimed(exported)).toEqual({ ...untimed(data), format: 'battery-passport-gdpr-export/1' });
  });

  it('records each request by a hash of the address with its counts, and an audit row, neither holding the address', async () => {
    const other = uniqueAddress();
    const data = await gdprAccess({ ctx, input: { email: other } });
    expect(data).toMatchObject({
      poliRequests: [],
      poliGrants: [],
      operatorAccounts: [],
      emails: [],
      auditEntries: [],
    });
    const recorded = await prisma.gdprRequest.findFirstOrThrow({
      where: { companyId: a.company.id, subjectHash: subjectHashOf(other) },
    });
    expect(recorded).toMatchObject({
      kind: 'ACCESS',
      summary: { poliRequests: 0, poliGrants: 0, operatorAccounts: 0, emails: 0, auditEntries: 0 },
    });
    const audit = await prisma.auditLog.findFirstOrThrow({
      where: {
        companyId: a.company.id,
        eventType: 'GdprAccess',
        eventContext: { path: ['gdprRequestId'], equals: recorded.id },
      },
    });
    expect(rowsJson([recorded, audit]).toLowerCase()).not.toContain(other.toLowerCase());
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintTestKey } from '../../testing/factories';
import { type SeededSubject, seedSubject, uniqueAddress } from '../../testing/gdpr-subject';
import { rowsJson } from '../../testing/json';
import { sha256Hex } from '../crypto/secrets';
import { disconnectPrisma, prisma } from '../db/client';
import type { DomainContext } from '../domain/context';
import { sealBody } from '../integration/idempotency';
import { gdprErase } from './erase';
import { subjectHashOf } from './subject';

afterAll(() => disconnectPrisma());

/** Every row of every text, varchar, json, jsonb or text-array column of the public schema that contains the address. */
async function rowsHolding(email: string): Promise<string[]> {
  const columns = await prisma.$queryRaw<{ table_name: string; column_name: string }[]>`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = current_schema()
      AND (data_type IN ('text', 'character varying', 'character', 'json', 'jsonb') OR udt_name IN ('_text', '_varchar'))`;
  expect(columns.length).toBeGreaterThan(20);
  const pattern = `%${email.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const hits: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const rows = await prisma.$queryRawUnsafe<{ id: string | null }[]>(
      `SELECT to_jsonb(t)->>'id' AS id FROM "${table}" t WHERE t."${column}"::text ILIKE $1`,
      pattern,
    );
    hits.push(...rows.map((r) => `${table}.${r.id}`));
  }
  return [...new Set(hits)].sort();
}

const auditOf = (companyId: string) => prisma.auditLog.findMany({ where: { companyId }, orderBy: { id: 'asc' } });
const versionsOf = (productId: string) =>
  prisma.passportVersion.findMany({ where: { productId }, orderBy: { version: 'asc' } });

describe('erasing one address for one tenant (POST /api/v1/gdpr/erase)', () => {
  const email = uniqueAddress();
  let a: SeededSubject;
  let b: SeededSubject;
  let ctx: DomainContext;
  let keyId: string;
  let auditBefore: Awaited<ReturnType<typeof auditOf>>;
  let versionsBefore: Awaited<ReturnType<typeof versionsOf>>;
  let result: Awaited<ReturnType<typeof gdprErase>>;
  let holdingBefore: string[];

  beforeAll(async () => {
    a = await seedSubject(prisma, email);
    // User.email is unique across the service, so only company A can have the operator account.
    b = await seedSubject(prisma, email, { operator: false });
    const key = await mintTestKey(prisma, a.company.id, { scopes: ['gdpr:admin'] });
    keyId = key.id;
    // An earlier access call's stored answer (the route keeps it 24 h, encrypted, for replays).
    await prisma.idempotencyRecord.create({
      data: {
        apiKeyId: key.id,
        idempotencyKey: 'earlier-access',
        method: 'POST',
        path: '/api/v1/gdpr/access',
        bodyHash: '0'.repeat(64),
        responseStatus: 200,
        responseBody: sealBody(
          { sealed: true },
          Buffer.from(JSON.stringify({ subject: { email: email.toLowerCase() } })),
        ),
        completedAt: new Date(),
        expiresAt: new Date(Date.now() + 864e5),
      },
    });
    ctx = { companyId: a.company.id, actor: { role: 'Integration', id: key.id, channel: 'API' }, mode: 'LIVE' };
    auditBefore = await auditOf(a.company.id);
    versionsBefore = await versionsOf(a.product.id);
    holdingBefore = await rowsHolding(email);
    result = await gdprErase({ ctx, input: { email: `  ${email.toUpperCase()} ` } });
  });

  it('answers the counts of what it erased', () => {
    expect(result).toEqual({ erased: { poliRequests: 1, poliGrants: 1, emails: 2, operatorAccounts: 1 } });
  });

  it("leaves the address in no table of the public schema for company A; company B's rows still hold it (erasure is per tenant)", async () => {
    const expected = [
      `PoliRequest.${b.request.id}`,
      `EmailOutbox.${b.toPerson.id}`,
      `EmailOutbox.${b.notification.id}`,
    ].sort();
    // The scan does find the seeded rows: before the erasure it saw company A's too.
    expect(holdingBefore).toEqual(
      expect.arrayContaining([
        ...expected,
        `PoliRequest.${a.request.id}`,
        `User.${a.user!.id}`,
        `EmailOutbox.${a.notification.id}`,
      ]),
    );
    expect(await rowsHolding(email)).toEqual(expected);
  });

  it('revokes PoLI tokens and grants, clears names, and disables and pseudonymises the operator account', async () => {
    const request = await prisma.poliRequest.findUniqueOrThrow({ where: { id: a.request.id } });
    expect(request).toMatchObject({
      status: 'REVOKED',
      name: '',
      organisation: '',
      verificationTokenHash: null,
      accessTokenHash: null,
    });
    expect(request.email).toMatch(/^erased-[0-9a-f]{16}@erased\.invalid$/);
    expect((await prisma.poliGrant.findUniqueOrThrow({ where: { id: a.grant.id } })).revokedAt).not.toBeNull();
    const user = await prisma.user.findUniqueOrThrow({ where: { id: a.user!.id } });
    expect(user).toMatchObject({ email: request.email, name: null, passwordHash: '!erased' });
    expect(user.disabledAt).not.toBeNull();
    const notification = await prisma.emailOutbox.findUniqueOrThrow({ where: { id: a.notification.id } });
    expect(notification).toMatchObject({
      to: 'admin@company.example',
      subject: `New access request from ${request.email}`,
      status: 'PENDING',
    });
    expect(await prisma.emailOutbox.findUniqueOrThrow({ where: { id: a.toPerson.id } })).toMatchObject({
      to: request.email,
      text: '',
      html: '',
      links: [],
    });
  });

  it("keeps company A's audit rows exactly as written (one row added: the erasure's own) and its passport versions intact", async () => {
    const after = await auditOf(a.company.id);
    expect(after).toHaveLength(auditBefore.length + 1);
    expect(after.filter((row) => auditBefore.some((old) => old.id === row.id))).toEqual(auditBefore);
    const versions = await versionsOf(a.product.id);
    expect(versions).toEqual(versionsBefore);
    for (const v of versions) expect(sha256Hex(new Uint8Array(v.snapshot))).toBe(v.sha256);
  });

  it('deletes stored answers of earlier access calls about the address', async () => {
    expect(await prisma.idempotencyRecord.count({ where: { apiKeyId: keyId, idempotencyKey: 'earlier-access' } })).toBe(
      0,
    );
  });

  it('is recorded as a GdprRequest (hash of the address, the key, the counts) and an audit row, neither holding the address', async () => {
    const recorded = await prisma.gdprRequest.findFirstOrThrow({ where: { companyId: a.company.id, kind: 'ERASE' } });
    expect(recorded).toMatchObject({ subjectHash: subjectHashOf(email), requestedByKeyId: keyId });
    expect(recorded.summary).toMatchObject(result.erased);
    expect(recorded.completedAt).not.toBeNull();
    const audit = await prisma.auditLog.findFirstOrThrow({
      where: { companyId: a.company.id, eventType: 'GdprErase' },
    });
    expect(audit.eventContext).toMatchObject({ gdprRequestId: recorded.id, kind: 'ERASE' });
    expect(rowsJson([recorded, audit]).toLowerCase()).not.toContain(email.toLowerCase());
  });

  it('refuses an actor that is not an integration or a company admin', async () => {
    await expect(
      gdprErase({ ctx: { ...ctx, actor: { role: 'EDITOR', id: null, channel: 'Portal' } }, input: { email } }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('an audit row that holds the address anyway (no writer does so; a legacy or mistaken row)', () => {
  it("is pseudonymised through the trigger's one permitted change, every other column as written", async () => {
    const email = uniqueAddress();
    const seeded = await seedSubject(prisma, email, { operator: false });
    const legacy = await prisma.auditLog.create({
      data: {
        companyId: seeded.company.id,
        eventType: 'PoliRequestCreated',
        actorRole: 'System',
        actorId: email.toLowerCase(),
        eventChannel: 'System',
        eventContext: { requester: email, note: 'kept' },
      },
    });
    const ctx: DomainContext = {
      companyId: seeded.company.id,
      actor: { role: 'System', id: 'test', channel: 'System' },
    };
    await gdprErase({ ctx, input: { email } });
    const after = await prisma.auditLog.findUniqueOrThrow({ where: { id: legacy.id } });
    const pseudonym = (await prisma.poliRequest.findUniqueOrThrow({ where: { id: seeded.request.id } })).email;
    // Marked erased, so the audit chain's verifier skips the digest of these two columns (lib/audit-chain).
    expect(after).toEqual({
      ...legacy,
      actorId: pseudonym,
      eventContext: { requester: pseudonym, note: 'kept' },
      erasedAt: expect.any(Date),
    });
    // Outside an erasure the row stays append-only.
    await expect(prisma.auditLog.update({ where: { id: legacy.id }, data: { actorId: 'x' } })).rejects.toThrow(
      /append-only/,
    );
  });
});

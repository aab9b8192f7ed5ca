import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublishedPassport, createTestCompany, TEST_ACTOR } from '../../testing/factories';
import { seedSubject, uniqueAddress } from '../../testing/gdpr-subject';
import { createPrismaClient, disconnectPrisma, prisma } from '../db/client';
import type { Company, Product } from '../db/generated/client';
import { writeAudit } from '../domain/audit';
import type { DomainContext } from '../domain/context';
import { gdprErase } from '../gdpr/erase';
import { approveProduct, startRevision, submitProduct } from '../passport/lifecycle';
import { auditChainHash, GENESIS_HASH } from './encoding';
import { verifyAuditChains } from './verify';

// The audit chain (migration 20261126100000_audit_chain) and its verifier. Tampering runs as the superuser the
// tests connect as, with triggers off (session_replication_role = replica), as an attacker with database access
// would; each test tampers with a company of its own, so no test sees another's damage.

function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url)
    throw new Error('DATABASE_URL is not set: run through vitest (its globalSetup creates a migrated database)');
  return url;
}

let su: pg.Client;

beforeAll(async () => {
  su = new pg.Client({ connectionString: databaseUrl() });
  await su.connect();
});
afterAll(async () => {
  await su?.end();
  await disconnectPrisma();
});

/** Runs the statements as the superuser with every trigger off (the append-only guards and the chain triggers). */
async function tamper(...statements: [string, unknown[]?][]): Promise<void> {
  await su.query('BEGIN');
  try {
    await su.query('SET LOCAL session_replication_role = replica');
    for (const [sql, params] of statements) await su.query(sql, params);
    await su.query('COMMIT');
  } catch (err) {
    await su.query('ROLLBACK');
    throw err;
  }
}

const ctxOf = (companyId: string): DomainContext => ({ companyId, actor: TEST_ACTOR });

/** A new version of a published passport through the real verbs (revision, submission, approval). */
async function republish(product: Product): Promise<void> {
  const ctx = ctxOf(product.companyId);
  await startRevision({ ctx, input: { productId: product.id } });
  await submitProduct({ ctx, input: { productId: product.id } });
  await approveProduct({ ctx, input: { productId: product.id } });
}

/** A company with a passport at version 3 and a few audit rows of its own (about 10 rows in all). */
async function trail(): Promise<{ company: Company; product: Product }> {
  const company = await createTestCompany(prisma);
  const product = await createPublishedPassport(prisma, { companyId: company.id });
  await republish(product);
  await republish(product);
  for (const i of [1, 2, 3])
    await prisma.$transaction((tx) =>
      writeAudit(tx, { companyId: company.id, eventType: `TestEvent${i}`, actor: TEST_ACTOR, context: { i } }),
    );
  return { company, product };
}

const auditOf = (companyId: string) => prisma.auditLog.findMany({ where: { companyId }, orderBy: { chainSeq: 'asc' } });
const versionsOf = (productId: string) =>
  prisma.passportVersion.findMany({ where: { productId }, orderBy: { version: 'asc' } });

describe('appending', () => {
  it('chains every row of a company 1..n, each prevHash the previous chainHash, whichever path wrote it; the head is the last row', async () => {
    const { company } = await trail();
    const rows = await auditOf(company.id);
    // Transitions write their audit row with their events in one raw statement (record.ts), writeAudit through Prisma.
    expect(rows.length).toBeGreaterThanOrEqual(9);
    expect(rows.map((r) => Number(r.chainSeq))).toEqual(rows.map((_, i) => i + 1));
    expect(rows[0].prevHash).toBe(GENESIS_HASH);
    for (const [i, row] of rows.entries()) {
      if (i > 0) expect(row.prevHash).toBe(rows[i - 1].chainHash);
      expect(row.chainHash).toBe(auditChainHash(row));
      expect(row.erasedAt).toBeNull();
    }
    const head = await prisma.auditChainHead.findUniqueOrThrow({ where: { key: company.id } });
    expect({ seq: Number(head.seq), head: head.head }).toEqual({ seq: rows.length, head: rows.at(-1)!.chainHash });
  });

  it('ignores chain values a writer passes: the trigger sets them', async () => {
    const company = await createTestCompany(prisma);
    const row = await prisma.auditLog.create({
      data: {
        companyId: company.id,
        eventType: 'Forged',
        actorRole: 'System',
        eventChannel: 'System',
        chainSeq: 99n,
        prevHash: 'f'.repeat(64),
        chainHash: 'f'.repeat(64),
        personalDigest: 'f'.repeat(64),
        erasedAt: new Date(),
      },
    });
    expect({ seq: row.chainSeq, prev: row.prevHash, erasedAt: row.erasedAt }).toEqual({
      seq: 1n,
      prev: GENESIS_HASH,
      erasedAt: null,
    });
    expect((await verifyAuditChains({ companyId: company.id })).ok).toBe(true);
  });

  it('chains versions 1..n of a product to each other', async () => {
    const { product } = await trail();
    const versions = await versionsOf(product.id);
    expect(versions.map((v) => v.version)).toEqual([1, 2, 3]);
    expect(versions[0].prevHash).toBe(GENESIS_HASH);
    expect(versions[1].prevHash).toBe(versions[0].chainHash);
    expect(versions[2].prevHash).toBe(versions[1].chainHash);
  });

  it('refuses a version that follows no previous version', async () => {
    const company = await createTestCompany(prisma);
    const product = await createPublishedPassport(prisma, { companyId: company.id });
    await expect(
      su.query(
        `INSERT INTO "PassportVersion" ("id", "productId", "version", "snapshot", "sha256", "byteLength", "schemaVersion")
         VALUES (gen_random_uuid(), $1, 3, '\\x00', repeat('0', 64), 1, 1)`,
        [product.id],
      ),
    ).rejects.toMatchObject({ code: '23503', message: expect.stringMatching(/follows no version 2/) });
  });

  it('gives 50 writers of one company appending at once, in 50 transactions on 50 connections, seq 1..50 and no fork; rolled-back appends leave no gap', async () => {
    const company = await createTestCompany(prisma);
    const pool = new pg.Pool({ connectionString: databaseUrl(), max: 50 });
    const db = createPrismaClient(databaseUrl(), pool);
    try {
      const writers = Array.from({ length: 60 }, (_, i) =>
        db.$transaction(
          async (tx) => {
            await writeAudit(tx, { companyId: company.id, eventType: `Concurrent${i}`, actor: TEST_ACTOR });
            // Every sixth writer rolls back after appending: its head update goes with it.
            if (i % 6 === 5) throw new Error('rolled back on purpose');
          },
          { maxWait: 60_000, timeout: 60_000 },
        ),
      );
      const outcomes = await Promise.allSettled(writers);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(50);
    } finally {
      await db.$disconnect();
    }
    const rows = await auditOf(company.id);
    expect(rows.map((r) => Number(r.chainSeq))).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r.prevHash)).size).toBe(50);
    const report = await verifyAuditChains({ companyId: company.id });
    expect(report).toMatchObject({ ok: true, rowsChecked: 50, heads: [{ companyId: company.id, seq: 50 }] });
  });
});

describe('verifying', () => {
  it('reports ok, the chains, rows and versions checked and the head of an intact company', async () => {
    const { company, product } = await trail();
    const rows = await auditOf(company.id);
    const report = await verifyAuditChains({ companyId: company.id });
    expect(report).toEqual({
      ok: true,
      chains: 1,
      rowsChecked: rows.length,
      products: 1,
      versionsChecked: 3,
      broken: [],
      firstBroken: null,
      heads: [{ companyId: company.id, seq: rows.length, head: rows.at(-1)!.chainHash }],
    });
    expect(product.version).toBe(1);
  });

  it('walks every company, the platform chain and every product without --company', async () => {
    const { company } = await trail();
    const report = await verifyAuditChains();
    expect(report.chains).toBeGreaterThanOrEqual(1);
    expect(report.heads.some((h) => h.companyId === company.id)).toBe(true);
    // Other test files tamper with their own companies at the same time: only this company's chain is asserted.
    expect(report.broken.filter((b) => b.companyId === company.id)).toEqual([]);
  });
});

describe('tampering as a superuser with triggers off', () => {
  const middle = async (companyId: string, offset = 3) => (await auditOf(companyId))[offset];

  it('finds a changed column of an audit row (chainHash mismatch) and names the row', async () => {
    const { company } = await trail();
    const row = await middle(company.id);
    await tamper([`UPDATE "AuditLog" SET "eventType" = 'Innocent' WHERE "id" = $1`, [row.id]]);
    const report = await verifyAuditChains({ companyId: company.id });
    expect(report.ok).toBe(false);
    expect(report.firstBroken).toEqual({
      kind: 'audit',
      companyId: company.id,
      productId: null,
      id: row.id,
      seq: Number(row.chainSeq),
      reason: 'the row changed since it was written (chainHash mismatch)',
    });
    expect(report.rowsChecked).toBe(Number(row.chainSeq));
  });

  it('finds a changed actorId or eventContext outside an erasure (personalDigest mismatch)', async () => {
    const { company } = await trail();
    const row = await middle(company.id);
    await tamper([`UPDATE "AuditLog" SET "eventContext" = '{"i": 9}' WHERE "id" = $1`, [row.id]]);
    expect((await verifyAuditChains({ companyId: company.id })).firstBroken).toMatchObject({
      kind: 'audit',
      id: row.id,
      reason: 'actorId or eventContext changed outside a GDPR erasure (personalDigest mismatch)',
    });
  });

  it('finds a changed createdAt, and a row marked erased whose other columns changed', async () => {
    const { company } = await trail();
    const rows = await auditOf(company.id);
    await tamper([
      `UPDATE "AuditLog" SET "createdAt" = "createdAt" + interval '1 millisecond' WHERE "id" = $1`,
      [rows[2].id],
    ]);
    expect((await verifyAuditChains({ companyId: company.id })).firstBroken).toMatchObject({
      id: rows[2].id,
      reason: 'the row changed since it was written (chainHash mismatch)',
    });
    const other = await trail();
    const row = await middle(other.company.id);
    await tamper([
      `UPDATE "AuditLog" SET "erasedAt" = now(), "actorId" = 'someone', "actorRole" = 'ADMIN' WHERE "id" = $1`,
      [row.id],
    ]);
    expect((await verifyAuditChains({ companyId: other.company.id })).firstBroken).toMatchObject({
      id: row.id,
      reason: 'the row changed since it was written (chainHash mismatch)',
    });
  });

  it('finds a deleted middle row (seq gap) at the row that follows it', async () => {
    const { company } = await trail();
    const rows = await auditOf(company.id);
    await tamper([`DELETE FROM "AuditLog" WHERE "id" = $1`, [rows[4].id]]);
    expect((await verifyAuditChains({ companyId: company.id })).firstBroken).toEqual({
      kind: 'audit',
      companyId: company.id,
      productId: null,
      id: rows[5].id,
      seq: 6,
      reason: 'row 5 is missing before chainSeq 6',
    });
  });

  it('finds a deleted middle row whose successors were renumbered (prevHash mismatch)', async () => {
    const { company } = await trail();
    const rows = await auditOf(company.id);
    await tamper(
      [`DELETE FROM "AuditLog" WHERE "id" = $1`, [rows[4].id]],
      [`UPDATE "AuditLog" SET "chainSeq" = "chainSeq" - 1 WHERE "companyId" = $1 AND "chainSeq" > 5`, [company.id]],
      [`UPDATE "AuditChainHead" SET "seq" = "seq" - 1 WHERE "key" = $1`, [company.id]],
    );
    expect((await verifyAuditChains({ companyId: company.id })).firstBroken).toMatchObject({
      id: rows[5].id,
      seq: 5,
      reason: "prevHash is not the previous row's chainHash (rows reordered or rewritten)",
    });
  });

  it('finds a deleted last row (the head is beyond the last row)', async () => {
    const { company } = await trail();
    const rows = await auditOf(company.id);
    const last = rows.at(-1)!;
    await tamper([`DELETE FROM "AuditLog" WHERE "id" = $1`, [last.id]]);
    expect((await verifyAuditChains({ companyId: company.id })).firstBroken).toEqual({
      kind: 'audit',
      companyId: company.id,
      productId: null,
      id: null,
      seq: rows.length,
      reason: `row ${rows.length} is missing at the end of the chain`,
    });
  });

  it('finds a deleted last row when the head was moved back too (a whole rewrite from that point is not found; see docs)', async () => {
    const { company } = await trail();
    const rows = await auditOf(company.id);
    await tamper(
      [`DELETE FROM "AuditLog" WHERE "id" = $1`, [rows.at(-1)!.id]],
      [`UPDATE "AuditChainHead" SET "seq" = "seq" - 1 WHERE "key" = $1`, [company.id]],
    );
    expect((await verifyAuditChains({ companyId: company.id })).firstBroken).toMatchObject({
      id: null,
      reason: "the head's hash is not the last row's chainHash",
    });
  });

  it('finds two rows whose seq were swapped (reordered)', async () => {
    const { company } = await trail();
    const rows = await auditOf(company.id);
    const [a, b] = [rows[3], rows[4]];
    // Through a free number: (companyId, chainSeq) is unique.
    await tamper(
      [`UPDATE "AuditLog" SET "chainSeq" = -1 WHERE "id" = $1`, [a.id]],
      [`UPDATE "AuditLog" SET "chainSeq" = $2 WHERE "id" = $1`, [b.id, a.chainSeq]],
      [`UPDATE "AuditLog" SET "chainSeq" = $2 WHERE "id" = $1`, [a.id, b.chainSeq]],
    );
    expect((await verifyAuditChains({ companyId: company.id })).firstBroken).toEqual({
      kind: 'audit',
      companyId: company.id,
      productId: null,
      id: b.id,
      seq: Number(a.chainSeq),
      reason: "prevHash is not the previous row's chainHash (rows reordered or rewritten)",
    });
  });

  it('finds a removed chain head', async () => {
    const { company } = await trail();
    await tamper([`DELETE FROM "AuditChainHead" WHERE "key" = $1`, [company.id]]);
    expect((await verifyAuditChains({ companyId: company.id })).firstBroken).toMatchObject({
      kind: 'audit',
      reason: 'the chain has rows but no head (AuditChainHead row missing)',
    });
  });

  it('finds a changed snapshot byte of a version (sha256 mismatch), and bytes changed with their sha256 (chainHash mismatch)', async () => {
    const { company, product } = await trail();
    const [, second] = await versionsOf(product.id);
    await tamper([
      `UPDATE "PassportVersion" SET "snapshot" = overlay("snapshot" placing '\\x20'::bytea from 2 for 1) WHERE "id" = $1`,
      [second.id],
    ]);
    expect((await verifyAuditChains({ companyId: company.id })).firstBroken).toEqual({
      kind: 'version',
      companyId: company.id,
      productId: product.id,
      id: second.id,
      seq: 2,
      reason: 'the snapshot bytes changed (sha256 mismatch)',
    });
    await tamper([
      `UPDATE "PassportVersion" SET "sha256" = encode(sha256("snapshot"), 'hex') WHERE "id" = $1`,
      [second.id],
    ]);
    expect((await verifyAuditChains({ companyId: company.id })).firstBroken).toMatchObject({
      kind: 'version',
      id: second.id,
      reason: 'the version changed since it was written (chainHash mismatch)',
    });
  });

  it('finds a deleted middle version, a deleted last version and a product whose versions are all gone', async () => {
    const { company, product } = await trail();
    const versions = await versionsOf(product.id);
    await tamper([`DELETE FROM "PassportVersion" WHERE "id" = $1`, [versions[1].id]]);
    expect((await verifyAuditChains({ companyId: company.id })).firstBroken).toEqual({
      kind: 'version',
      companyId: company.id,
      productId: product.id,
      id: versions[2].id,
      seq: 3,
      reason: 'version 2 is missing before version 3',
    });

    const other = await trail();
    const [last] = (await versionsOf(other.product.id)).slice(-1);
    await tamper([`DELETE FROM "PassportVersion" WHERE "id" = $1`, [last.id]]);
    expect((await verifyAuditChains({ companyId: other.company.id })).firstBroken).toEqual({
      kind: 'version',
      companyId: other.company.id,
      productId: other.product.id,
      id: null,
      seq: 3,
      reason: 'version 3 is missing: the product is at version 3',
    });

    const third = await trail();
    await tamper([`DELETE FROM "PassportVersion" WHERE "productId" = $1`, [third.product.id]]);
    expect((await verifyAuditChains({ companyId: third.company.id })).firstBroken).toMatchObject({
      kind: 'version',
      productId: third.product.id,
      reason: 'versions 1..3 are missing: the product is at version 3',
    });
  });

  it('finds two versions whose numbers were swapped (reordered)', async () => {
    const { company, product } = await trail();
    const versions = await versionsOf(product.id);
    await tamper(
      [`UPDATE "PassportVersion" SET "version" = -1 WHERE "id" = $1`, [versions[0].id]],
      [`UPDATE "PassportVersion" SET "version" = 1 WHERE "id" = $1`, [versions[1].id]],
      [`UPDATE "PassportVersion" SET "version" = 2 WHERE "id" = $1`, [versions[0].id]],
    );
    expect((await verifyAuditChains({ companyId: company.id })).firstBroken).toMatchObject({
      kind: 'version',
      id: versions[1].id,
      seq: 1,
      reason: "prevHash is not the previous version's chainHash (versions reordered or rewritten)",
    });
  });
});

describe('GDPR erasure', () => {
  it('keeps the chain ok: the pseudonymised row is marked erased and its personalDigest is as written', async () => {
    const email = uniqueAddress();
    const seeded = await seedSubject(prisma, email, { operator: false });
    const legacy = await prisma.auditLog.create({
      data: {
        companyId: seeded.company.id,
        eventType: 'PoliRequestCreated',
        actorRole: 'System',
        actorId: email.toLowerCase(),
        eventChannel: 'System',
        eventContext: { requester: email },
      },
    });
    await gdprErase({ ctx: ctxOf(seeded.company.id), input: { email } });
    const after = await prisma.auditLog.findUniqueOrThrow({ where: { id: legacy.id } });
    expect(after.actorId).not.toBe(legacy.actorId);
    expect(after.erasedAt).toBeInstanceOf(Date);
    expect(after).toMatchObject({
      chainSeq: legacy.chainSeq,
      prevHash: legacy.prevHash,
      chainHash: legacy.chainHash,
      personalDigest: legacy.personalDigest,
    });
    const report = await verifyAuditChains({ companyId: seeded.company.id });
    expect(report).toMatchObject({ ok: true, firstBroken: null });
    expect(report.rowsChecked).toBeGreaterThan(Number(legacy.chainSeq));
  });

  it('refuses clearing erasedAt or changing a chain column even inside an erasure', async () => {
    const { company } = await trail();
    const row = (await auditOf(company.id))[0];
    const refused = [
      `"erasedAt" = NULL`,
      `"chainSeq" = 99`,
      `"prevHash" = repeat('1', 64)`,
      `"chainHash" = repeat('1', 64)`,
      `"personalDigest" = repeat('1', 64)`,
    ];
    for (const assignment of refused) {
      await su.query('BEGIN');
      try {
        await su.query(`SET LOCAL app.gdpr_erasure = 'on'`);
        // The permitted change first (so erasedAt is set), then the refused one.
        await su.query(`UPDATE "AuditLog" SET "actorId" = 'x', "erasedAt" = now() WHERE "id" = $1`, [row.id]);
        await expect(
          su.query(`UPDATE "AuditLog" SET ${assignment} WHERE "id" = $1`, [row.id]),
          assignment,
        ).rejects.toMatchObject({ code: '23001' });
      } finally {
        await su.query('ROLLBACK');
      }
    }
  });
});

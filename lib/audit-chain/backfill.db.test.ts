import { randomBytes, randomUUID } from 'node:crypto';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ACTOR } from '../../testing/factories';
import { createPrismaClient, type Db } from '../db/client';
import { createDatabaseIfMissing, dropDatabase, withDatabase } from '../db/embedded';
import { MIGRATIONS_DIR, migrate } from '../db/migrate';
import { writeAudit } from '../domain/audit';
import { GENESIS_HASH } from './encoding';
import { verifyAuditChains } from './verify';

// Migration 20261126100000_audit_chain on a database that already holds audit rows and passport versions: it
// chains them in (createdAt, id) order per company and versions in version order, so an upgraded database
// verifies, and appending goes on from the backfilled head. A database of its own, migrated in two steps.

const CHAIN_MIGRATION = '20261126100000_audit_chain';

function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url)
    throw new Error('DATABASE_URL is not set: run through vitest (its globalSetup creates a migrated database)');
  return url;
}

const name = `bps_chain_backfill_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const adminUrl = () => withDatabase(databaseUrl(), 'postgres');
const url = () => withDatabase(databaseUrl(), name);
let earlier: string;
let db: Db;

const ids = { a: randomUUID(), b: randomUUID(), product: randomUUID(), v1: randomUUID(), v2: randomUUID() };
// Two rows of company A share a createdAt: id order decides between them.
const [low, high] = [randomUUID(), randomUUID()].sort();
const auditRows = [
  { id: randomUUID(), companyId: ids.a, at: '2026-01-01 10:00:00.000' },
  { id: high, companyId: ids.a, at: '2026-01-01 11:00:00.000' },
  { id: low, companyId: ids.a, at: '2026-01-01 11:00:00.000' },
  { id: randomUUID(), companyId: ids.b, at: '2026-01-01 09:00:00.000' },
  { id: randomUUID(), companyId: null, at: '2026-01-01 08:00:00.000' },
  { id: randomUUID(), companyId: null, at: '2026-01-01 12:00:00.000' },
];

beforeAll(async () => {
  earlier = await mkdtemp(path.join(os.tmpdir(), 'bps-chain-backfill-'));
  for (const entry of await readdir(MIGRATIONS_DIR, { withFileTypes: true }))
    if (entry.isDirectory() && entry.name < CHAIN_MIGRATION)
      await cp(path.join(MIGRATIONS_DIR, entry.name), path.join(earlier, entry.name), { recursive: true });
  await createDatabaseIfMissing(adminUrl(), name);
  await migrate(url(), earlier);
  const client = new pg.Client({ connectionString: url() });
  await client.connect();
  try {
    const industry = randomUUID();
    const category = randomUUID();
    await client.query(`INSERT INTO "Industry" ("id", "code", "name") VALUES ($1, 'T', 'Test')`, [industry]);
    await client.query(
      `INSERT INTO "Category" ("id", "industryId", "code", "name", "updatedAt") VALUES ($1, $2, 't', 'Test', now())`,
      [category, industry],
    );
    for (const [id, slug] of [
      [ids.a, 'a'],
      [ids.b, 'b'],
    ])
      await client.query(`INSERT INTO "Company" ("id", "slug", "name", "updatedAt") VALUES ($1, $2, $2, now())`, [
        id,
        slug,
      ]);
    await client.query(
      `INSERT INTO "Product" ("id", "companyId", "categoryId", "schemaVersion", "slug", "name", "version", "updatedAt")
       VALUES ($1, $2, $3, 1, 'p', 'Pack', 2, now())`,
      [ids.product, ids.a, category],
    );
    for (const [id, version] of [
      [ids.v1, 1],
      [ids.v2, 2],
    ] as const)
      await client.query(
        `INSERT INTO "PassportVersion" ("id", "productId", "version", "snapshot", "sha256", "byteLength", "schemaVersion", "publishedAt")
         VALUES ($1, $2, $3, convert_to($4, 'UTF8'), encode(sha256(convert_to($4, 'UTF8')), 'hex'), octet_length($4), 1, now())`,
        [id, ids.product, version, `{"version":${version},"name":"Zelle ü"}`],
      );
    for (const row of auditRows)
      await client.query(
        `INSERT INTO "AuditLog" ("id", "companyId", "eventType", "actorRole", "actorId", "eventChannel", "eventContext", "createdAt")
         VALUES ($1, $2, 'Legacy', 'System', 'ünïcode', 'System', '{"b": 1, "a": "x"}', $3)`,
        [row.id, row.companyId, row.at],
      );
  } finally {
    await client.end();
  }
  await migrate(url());
  db = createPrismaClient(url());
});

afterAll(async () => {
  await db?.$disconnect();
  await dropDatabase(adminUrl(), name).catch(() => undefined);
  if (earlier) await rm(earlier, { recursive: true, force: true });
});

describe('upgrading a database with history to the audit chain', () => {
  it('chains earlier audit rows per company (and the platform) in createdAt, id order, with each head', async () => {
    const rows = await db.auditLog.findMany({ orderBy: [{ companyId: 'asc' }, { chainSeq: 'asc' }] });
    const seqOf = (id: string) => Number(rows.find((r) => r.id === id)!.chainSeq);
    expect(auditRows.map((r) => seqOf(r.id))).toEqual([1, 3, 2, 1, 1, 2]);
    expect(rows.filter((r) => r.chainSeq === 1n).map((r) => r.prevHash)).toEqual([
      GENESIS_HASH,
      GENESIS_HASH,
      GENESIS_HASH,
    ]);
    const heads = await db.auditChainHead.findMany();
    expect(heads.map((h) => [h.key, Number(h.seq)]).sort()).toEqual(
      [
        [ids.a, 3],
        [ids.b, 1],
        ['platform', 2],
      ].sort(),
    );
  });

  it('verifies ok, versions included, and goes on appending from the backfilled head', async () => {
    expect(await verifyAuditChains({ db })).toMatchObject({
      ok: true,
      chains: 3,
      rowsChecked: 6,
      products: 1,
      versionsChecked: 2,
      firstBroken: null,
    });
    await db.$transaction((tx) => writeAudit(tx, { companyId: ids.a, eventType: 'After', actor: TEST_ACTOR }));
    await db.$transaction((tx) => writeAudit(tx, { companyId: null, eventType: 'After', actor: TEST_ACTOR }));
    const report = await verifyAuditChains({ db });
    expect(report).toMatchObject({ ok: true, rowsChecked: 8 });
    expect(report.heads.map((h) => [h.companyId, h.seq])).toEqual(
      expect.arrayContaining([
        [ids.a, 4],
        [null, 3],
      ]),
    );
  });

  it('leaves the append-only guards on', async () => {
    await expect(db.$executeRawUnsafe(`UPDATE "AuditLog" SET "eventType" = 'x'`)).rejects.toThrow(/append-only/);
    await expect(db.$executeRawUnsafe(`DELETE FROM "PassportVersion"`)).rejects.toThrow(/append-only/);
  });
});

import { randomBytes } from 'node:crypto';
import { mkdtemp, open, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditChainReport } from '../lib/audit-chain/verify';
import { createPrismaClient, type Db } from '../lib/db/client';
import { type DumpReport, findTool, PgToolMissing, type RestoreReport, serverVersion } from '../lib/db/dump';
import { createDatabaseIfMissing, dropDatabase, withDatabase } from '../lib/db/embedded';
import { withdrawProduct } from '../lib/passport/lifecycle';
import { readPublicSnapshot } from '../lib/passport/public/snapshot-view';
import { runAdmin } from '../testing/admin-cli';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { createPublishedPassport, createTestCompany, TEST_ACTOR } from '../testing/factories';

// The backup is of a whole database: this file dumps a database of its own (beside the run's) and restores it into
// another new one, so nothing of the run's shared database is read or written.
const server = process.env.DATABASE_URL!;

/**
 * Whether this machine has a pg_dump and pg_restore that can work with the run's server. The embedded PostgreSQL
 * distribution ships the server only, so the README's test command (embedded PostgreSQL 18) has none unless the
 * PostgreSQL 18 client tools are installed; CI's second pass, on the machine's own PostgreSQL and its client tools,
 * runs the dump and restore. The refusals below run everywhere.
 */
async function clientToolsPresent(): Promise<boolean> {
  const { major } = await serverVersion(server);
  try {
    await findTool('pg_dump', major);
    await findTool('pg_restore', major);
    return true;
  } catch (error) {
    if (error instanceof PgToolMissing) return false;
    throw error;
  }
}
const tools = await clientToolsPresent();
let source: TestDatabase;
let sourceDb: Db;
let targetName: string;
let targetUrl: string;
let targetDb: Db;
let dir: string;
let companyId: string;

beforeAll(async () => {
  source = await createTestDatabase('db_backup');
  sourceDb = createPrismaClient(source.url);
  targetName = `bps_db_restore_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await createDatabaseIfMissing(server, targetName);
  targetUrl = withDatabase(server, targetName);
  targetDb = createPrismaClient(targetUrl);
  dir = await mkdtemp(path.join(tmpdir(), 'admin-db-'));
  // Published passports of two companies, one withdrawn since (a second audit entry on its chain).
  const a = await createTestCompany(sourceDb);
  const b = await createTestCompany(sourceDb);
  companyId = a.id;
  const published = [];
  for (const company of [a, a, a, b])
    published.push(await createPublishedPassport(sourceDb, { companyId: company.id }));
  await withdrawProduct({
    ctx: { companyId: a.id, actor: TEST_ACTOR },
    input: {
      productId: published[0]!.id,
      reason: 'Recalled for the backup test',
      successorId: null,
      operatorDetails: null,
      manufacturerContact: null,
    },
    db: sourceDb,
  });
}, 120_000);

afterAll(async () => {
  await sourceDb?.$disconnect();
  await targetDb?.$disconnect();
  await source?.dispose();
  if (targetName) await dropDatabase(server, targetName);
  if (dir) await rm(dir, { recursive: true, force: true });
});

const json = <T>(stdout: string) => JSON.parse(stdout) as T;

/** Every published version of the database, as the public snapshot route serves it (verified, public fields). */
async function servedSnapshots(db: Db) {
  const versions = await db.passportVersion.findMany({
    select: { productId: true, version: true },
    orderBy: [{ productId: 'asc' }, { version: 'asc' }],
  });
  const served = new Map<string, Buffer>();
  for (const v of versions) {
    const snapshot = await readPublicSnapshot(v.productId, v.version, db);
    if (snapshot) served.set(`${v.productId}@${v.version}`, snapshot.bytes);
  }
  return served;
}

describe('admin db backup and db restore', () => {
  it.skipIf(!tools)(
    'dump, restore into a new database: every published passport serves byte-identical snapshots and the audit trail verifies whole',
    async () => {
      const file = path.join(dir, 'service.dump');
      const backup = await runAdmin(source.url, ['db', 'backup', '--out', file, '--json']);
      expect(backup.code, backup.stderr).toBe(0);
      const dumped = json<DumpReport>(backup.stdout);
      expect(dumped).toMatchObject({
        file,
        bytes: (await stat(file)).size,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      // pg_dump's custom format (-Fc) starts with its magic.
      const handle = await open(file);
      const magic = Buffer.alloc(5);
      await handle.read(magic, 0, 5, 0);
      await handle.close();
      expect(magic.toString('latin1')).toBe('PGDMP');

      const restore = await runAdmin(targetUrl, ['db', 'restore', '--from', file, '--json']);
      expect(restore.code, restore.stderr).toBe(0);
      expect(json<RestoreReport>(restore.stdout)).toMatchObject({ replaced: false, tables: expect.any(Number) });

      const before = await servedSnapshots(sourceDb);
      const after = await servedSnapshots(targetDb);
      expect(before.size).toBeGreaterThanOrEqual(4);
      expect([...after.keys()]).toEqual([...before.keys()]);
      for (const [key, bytes] of before) expect(after.get(key)?.equals(bytes), key).toBe(true);

      // The audit trail: the same entries, and the verifier walks every chain of the restored database unbroken.
      const trail = (db: Db) =>
        db.auditLog.findMany({
          where: { companyId },
          orderBy: { chainSeq: 'asc' },
          select: { id: true, chainSeq: true, chainHash: true, eventType: true },
        });
      expect(await trail(targetDb)).toEqual(await trail(sourceDb));
      const verifySource = await runAdmin(source.url, ['audit', 'verify', '--json']);
      const verifyTarget = await runAdmin(targetUrl, ['audit', 'verify', '--json']);
      expect(verifyTarget.code, verifyTarget.stderr).toBe(0);
      const restored = json<AuditChainReport>(verifyTarget.stdout);
      expect(restored).toMatchObject({ ok: true, broken: [] });
      expect(restored).toEqual(json<AuditChainReport>(verifySource.stdout));
      expect(restored.rowsChecked).toBeGreaterThan(0);
      expect(restored.versionsChecked).toBe(before.size);

      // A restored database refuses to rewrite history as the original does (the append-only triggers came along).
      await expect(targetDb.auditLog.deleteMany({ where: { companyId } })).rejects.toThrow();
    },
    240_000,
  );

  it.skipIf(!tools)(
    'refuses a target that already holds tables (exit 1, nothing changed) and replaces them with --force',
    async () => {
      const file = path.join(dir, 'again.dump');
      expect((await runAdmin(source.url, ['db', 'backup', '--out', file])).code).toBe(0);
      const entries = await targetDb.auditLog.count();

      const refused = await runAdmin(targetUrl, ['db', 'restore', '--from', file, '--json']);
      expect(refused.code).toBe(1);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toMatch(/already holds \d+ table\(s\).*new, empty database.*--force/s);
      expect(await targetDb.auditLog.count()).toBe(entries);

      const forced = await runAdmin(targetUrl, ['db', 'restore', '--from', file, '--force', '--json']);
      expect(forced.code, forced.stderr).toBe(0);
      expect(json<RestoreReport>(forced.stdout)).toMatchObject({ replaced: true });
      expect(await targetDb.auditLog.count()).toBe(entries);
      expect((await runAdmin(targetUrl, ['audit', 'verify'])).code).toBe(0);
    },
    240_000,
  );

  it('says clearly what is missing: no pg_dump where it looks, a missing flag', async () => {
    const empty = await mkdtemp(path.join(dir, 'no-tools-'));
    const out = path.join(dir, 'never.dump');
    const missing = await runAdmin(source.url, ['db', 'backup', '--out', out], { POSTGRES_BIN_DIR: empty });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/pg_dump not found \(looked in .*no-tools-.*\).*client tools.*POSTGRES_BIN_DIR/s);
    await expect(stat(out)).rejects.toThrow();
    await expect(stat(`${out}.partial`)).rejects.toThrow();

    const usage = await runAdmin(targetUrl, ['db', 'restore']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/"db restore" needs --from/);
  }, 240_000);

  it.skipIf(!tools)(
    'refuses a file that is no dump, changing nothing',
    async () => {
      const junk = path.join(dir, 'junk.dump');
      await writeFile(junk, 'not a dump');
      const foreign = await runAdmin(targetUrl, ['db', 'restore', '--from', junk]);
      expect(foreign.code).toBe(1);
      expect(foreign.stderr).toMatch(/is not a pg_dump custom-format archive/);
    },
    240_000,
  );
});

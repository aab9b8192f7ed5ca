import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabaseIfMissing, dropDatabase, withDatabase } from './embedded';
import { MIGRATIONS_DIR, migrate } from './migrate';

// lib/db/migrate.ts stands in for `prisma migrate deploy`. Each test uses a fresh database of its own on the
// test server (and, where it needs odd migrations, a temporary migrations directory), so none depends on another.

function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url)
    throw new Error('DATABASE_URL is not set: run through vitest (its globalSetup creates a migrated database)');
  return url;
}

const adminUrl = () => withDatabase(databaseUrl(), 'postgres');
const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const createdDatabases: string[] = [];
const createdDirs: string[] = [];

async function freshDatabase(label: string): Promise<string> {
  const name = `bps_migrate_${label}_${runId}`;
  await createDatabaseIfMissing(adminUrl(), name);
  createdDatabases.push(name);
  return withDatabase(databaseUrl(), name);
}

async function migrationsDir(migrations: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bps-migrations-'));
  createdDirs.push(dir);
  for (const [name, sql] of Object.entries(migrations)) await writeMigration(dir, name, sql);
  return dir;
}

async function writeMigration(dir: string, name: string, sql: string): Promise<void> {
  await mkdir(path.join(dir, name), { recursive: true });
  await writeFile(path.join(dir, name, 'migration.sql'), sql);
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

interface MigrationRow {
  id: string;
  checksum: string;
  migration_name: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
  applied_steps_count: number;
  logs: string | null;
}

const history = (url: string) =>
  query<MigrationRow>(url, 'SELECT * FROM "_prisma_migrations" ORDER BY migration_name, started_at');

const tableExists = async (url: string, table: string) =>
  (await query<{ exists: boolean }>(url, 'SELECT to_regclass($1) IS NOT NULL AS exists', [`public."${table}"`]))[0]
    .exists;

afterAll(async () => {
  for (const name of createdDatabases) await dropDatabase(adminUrl(), name);
  for (const dir of createdDirs) await rm(dir, { recursive: true, force: true });
});

describe('migrate() with the project’s migrations on a fresh database', () => {
  let url: string;
  let names: string[];

  beforeAll(async () => {
    url = await freshDatabase('project');
    names = (await readdir(MIGRATIONS_DIR, { withFileTypes: true }))
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    const result = await migrate(url);
    expect(result).toEqual({ applied: names, alreadyApplied: [] });
  });

  it('creates _prisma_migrations with exactly the columns `prisma migrate deploy` creates', async () => {
    const columns = await query(
      url,
      `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS "notNull",
              pg_get_expr(d.adbin, d.adrelid) AS default
         FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
        WHERE a.attrelid = '"_prisma_migrations"'::regclass AND a.attnum > 0 AND NOT a.attisdropped
        ORDER BY a.attnum`,
    );
    expect(columns).toEqual([
      { name: 'id', type: 'character varying(36)', notNull: true, default: null },
      { name: 'checksum', type: 'character varying(64)', notNull: true, default: null },
      { name: 'finished_at', type: 'timestamp with time zone', notNull: false, default: null },
      { name: 'migration_name', type: 'character varying(255)', notNull: true, default: null },
      { name: 'logs', type: 'text', notNull: false, default: null },
      { name: 'rolled_back_at', type: 'timestamp with time zone', notNull: false, default: null },
      { name: 'started_at', type: 'timestamp with time zone', notNull: true, default: 'now()' },
      { name: 'applied_steps_count', type: 'integer', notNull: true, default: '0' },
    ]);
    const constraints = await query(
      url,
      `SELECT contype::text AS type,
              ARRAY(SELECT attname::text FROM pg_attribute WHERE attrelid = conrelid AND attnum = ANY (conkey)) AS columns
         FROM pg_constraint WHERE conrelid = '"_prisma_migrations"'::regclass AND contype <> 'n'`,
    );
    expect(constraints).toEqual([{ type: 'p', columns: ['id'] }]);
  });

  it('records every migration, finished and not rolled back, with the SHA-256 hex of its migration.sql', async () => {
    const expected = await Promise.all(
      names.map(async (name) => ({
        migration_name: name,
        checksum: createHash('sha256')
          .update(await readFile(path.join(MIGRATIONS_DIR, name, 'migration.sql')))
          .digest('hex'),
      })),
    );
    const rows = await history(url);
    expect(rows.map((r) => ({ migration_name: r.migration_name, checksum: r.checksum }))).toEqual(expected);
    for (const row of rows) {
      expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.rolled_back_at).toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }
  });

  it('applies nothing on a second run and leaves the history as it was', async () => {
    const before = await history(url);
    expect(await migrate(url)).toEqual({ applied: [], alreadyApplied: names });
    expect(await history(url)).toEqual(before);
  });
});

describe('migrate() with a temporary migrations directory', () => {
  it('refuses to run when an applied migration was modified afterwards, and applies nothing newer', async () => {
    const url = await freshDatabase('modified');
    const dir = await migrationsDir({
      '20260101000000_first': 'CREATE TABLE "First" ("id" INTEGER PRIMARY KEY);',
      '20260101000100_second': 'CREATE TABLE "Second" ("id" INTEGER PRIMARY KEY);',
    });
    expect(await migrate(url, dir)).toEqual({
      applied: ['20260101000000_first', '20260101000100_second'],
      alreadyApplied: [],
    });
    const before = await history(url);

    await writeMigration(dir, '20260101000000_first', 'CREATE TABLE "First" ("id" BIGINT PRIMARY KEY);');
    await writeMigration(dir, '20260101000200_third', 'CREATE TABLE "Third" ("id" INTEGER PRIMARY KEY);');
    await expect(migrate(url, dir)).rejects.toThrow('Migration 20260101000000_first was modified after it was applied');

    expect(await history(url)).toEqual(before);
    expect(await tableExists(url, 'Third')).toBe(false);
  });

  it('rolls a failing migration back completely, records nothing for it, and stops there', async () => {
    const url = await freshDatabase('failing');
    const dir = await migrationsDir({
      '20260101000000_table': 'CREATE TABLE "Item" ("id" INTEGER PRIMARY KEY);',
      // Creates a table, writes a row, changes an existing table, then fails on its last statement.
      '20260101000100_broken': [
        'CREATE TABLE "Half" ("id" INTEGER PRIMARY KEY);',
        'INSERT INTO "Item" ("id") VALUES (1);',
        'ALTER TABLE "Item" ADD COLUMN "name" TEXT;',
        'SELECT 1 / 0;',
      ].join('\n'),
      '20260101000200_after': 'CREATE TABLE "After" ("id" INTEGER PRIMARY KEY);',
    });
    await expect(migrate(url, dir)).rejects.toThrow(/Migration 20260101000100_broken failed: division by zero/);

    expect((await history(url)).map((r) => r.migration_name)).toEqual(['20260101000000_table']);
    expect(await tableExists(url, 'Half')).toBe(false);
    expect(await query(url, 'SELECT * FROM "Item"')).toEqual([]);
    const itemColumns = await query<{ column_name: string }>(
      url,
      `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'Item'`,
    );
    expect(itemColumns.map((c) => c.column_name)).toEqual(['id']);
    expect(await tableExists(url, 'After')).toBe(false);

    // Nothing was left behind that blocks the next start: once fixed, the rest applies.
    await writeMigration(dir, '20260101000100_broken', 'CREATE TABLE "Half" ("id" INTEGER PRIMARY KEY);');
    expect(await migrate(url, dir)).toEqual({
      applied: ['20260101000100_broken', '20260101000200_after'],
      alreadyApplied: ['20260101000000_table'],
    });
  });

  it('lets two concurrent migrate() calls on a fresh database both succeed, applying each migration exactly once', async () => {
    const url = await freshDatabase('concurrent');
    const gateKey = 0x5a7e_0001; // any key other than the runner's own lock
    // The first migration waits on a lock this test holds, so whichever call gets there first is provably still
    // inside it while the other call starts: no reliance on which call is faster.
    const dir = await migrationsDir({
      '20260101000000_gate': `SELECT pg_advisory_xact_lock(${gateKey});\nCREATE TABLE "Counter" ("n" INTEGER NOT NULL);`,
      '20260101000100_insert': 'INSERT INTO "Counter" ("n") VALUES (1);',
      '20260101000200_more': 'INSERT INTO "Counter" ("n") VALUES (2);',
    });
    const names = ['20260101000000_gate', '20260101000100_insert', '20260101000200_more'];
    const gate = new pg.Client({ connectionString: url });
    await gate.connect();
    try {
      await gate.query('SELECT pg_advisory_lock($1)', [gateKey]);
      const runs = [migrate(url, dir), migrate(url, dir)];
      for (const run of runs) run.catch(() => undefined); // awaited below; avoid an unhandled rejection meanwhile

      // Wait until one call is blocked inside the gate migration and the other on the runner's own lock.
      const deadline = Date.now() + 20_000;
      for (;;) {
        const { rows } = await gate.query<{ atGate: number; elsewhere: number }>(
          `SELECT count(*) FILTER (WHERE classid = 0 AND objid = $1)::int AS "atGate",
                  count(*) FILTER (WHERE NOT (classid = 0 AND objid = $1))::int AS elsewhere
             FROM pg_locks
            WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
          [gateKey],
        );
        if (rows[0].atGate === 1 && rows[0].elsewhere === 1) break;
        if (rows[0].atGate > 1) throw new Error('both calls entered the first migration: migrate() does not serialise');
        if (Date.now() > deadline)
          throw new Error(`the two calls never queued behind each other: ${JSON.stringify(rows[0])}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await gate.query('SELECT pg_advisory_unlock($1)', [gateKey]);

      const results = await Promise.all(runs);
      const [first, second] = results[0].applied.length ? results : [results[1], results[0]];
      expect(first).toEqual({ applied: names, alreadyApplied: [] });
      expect(second).toEqual({ applied: [], alreadyApplied: names });
    } finally {
      await gate.end();
    }
    expect((await history(url)).map((r) => r.migration_name)).toEqual(names);
    expect(await query(url, 'SELECT "n" FROM "Counter" ORDER BY "n"')).toEqual([{ n: 1 }, { n: 2 }]);
  });
});

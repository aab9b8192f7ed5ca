import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BackupVerifyReport } from '../lib/backup/verify';
import { createPrismaClient } from '../lib/db/client';
import { runAdmin } from '../testing/admin-cli';
import { createPublishedPassport, createTestCompany } from '../testing/factories';

const databaseUrl = inject('databaseUrl');
const db = createPrismaClient(databaseUrl);
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'admin-backup-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await db.$disconnect();
});

/** The CLI with BACKUP_TARGET at the test's directory, `target` instead, or (null) unset. */
const admin = (args: string[], target: string | null = pathToFileURL(root).href) =>
  runAdmin(databaseUrl, args, { BACKUP_TARGET: target ?? undefined });

describe('admin backup run and verify', () => {
  it('backup run copies what is due, verify passes, then lists a corrupted file and exits 1', async () => {
    const company = await createTestCompany(db);
    const a = await createPublishedPassport(db, { companyId: company.id });
    const b = await createPublishedPassport(db, { companyId: company.id });

    const before = await admin(['backup', 'verify', '--company', company.slug, '--json']);
    expect(before.code).toBe(1);
    const missing = JSON.parse(before.stdout) as BackupVerifyReport;
    expect(missing.differences.map((d) => [d.slug, d.problem]).sort()).toEqual(
      [
        [a.slug, 'manifest_missing'],
        [b.slug, 'manifest_missing'],
      ].sort(),
    );

    const run = await admin(['backup', 'run', '--company', company.id, '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ replicated: 2, failed: 0 });

    const ok = await admin(['backup', 'verify', '--company', company.slug, '--json']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ ok: true, passports: 2, differences: [] });

    await writeFile(path.join(root, 'passports', a.slug, 'dpp.json'), '{}');
    const bad = await admin(['backup', 'verify', '--company', company.slug, '--json']);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout).differences).toEqual([
      { productId: a.id, slug: a.slug, problem: 'sha256_differs', path: 'dpp.json' },
    ]);
  });

  it('refuses to run without BACKUP_TARGET (usage, exit 2) and refuses a relative BACKUP_TARGET at start-up', async () => {
    const unset = await admin(['backup', 'verify', '--json'], null);
    expect(unset.code).toBe(2);
    expect(unset.stdout).toBe('');
    expect(unset.stderr).toMatch(/BACKUP_TARGET is not set/);
    const relative = await admin(['backup', 'run', '--json'], 'relative/dir');
    expect(relative.code).toBe(1);
    expect(relative.stderr).toMatch(/BACKUP_TARGET/);
  });
});

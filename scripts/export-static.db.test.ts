import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPrismaClient } from '../lib/db/client';
import { type CliRun, runScript } from '../testing/admin-cli';
import { createPublishedPassport, createTestCompany } from '../testing/factories';

const databaseUrl = inject('databaseUrl');
const db = createPrismaClient(databaseUrl);
let dir: string;

const exportStatic = (args: string[]) => runScript('scripts/export-static.ts', databaseUrl, args);

function failed(run: CliRun, code: 1 | 2, message: RegExp): void {
  expect(run.stdout).toBe('');
  expect(run.code).toBe(code);
  expect(run.stderr).toMatch(message);
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'bps-export-cli-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await db.$disconnect();
});

describe('npm run -s export:static', { timeout: 120_000 }, () => {
  it('writes one company’s passports with --company and prints the report that is also the manifest', async () => {
    const company = await createTestCompany(db);
    const other = await createTestCompany(db);
    const mine = await createPublishedPassport(db, { companyId: company.id });
    const theirs = await createPublishedPassport(db, { companyId: other.id });
    const out = path.join(dir, 'one');
    const run = await exportStatic(['--out', out, '--company', company.slug, '--json']);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({
      format: 'battery-passport-static-export/1',
      baseUrl: 'http://localhost:3000',
      companyId: company.id,
      passports: { published: 1, withdrawn: 0 },
      unavailableCount: 0,
    });
    expect(JSON.parse(readFileSync(path.join(out, '.export', 'manifest.json'), 'utf8'))).toEqual(report);
    expect(existsSync(path.join(out, 'api', 'dpp', mine.slug, 'index.json'))).toBe(true);
    expect(existsSync(path.join(out, 'api', 'dpp', theirs.slug))).toBe(false);
    expect(run.stderr).toMatch(/export: 1 passports read/);

    const words = await exportStatic(['--out', path.join(dir, 'words'), '--company', company.id]);
    expect(words.code, words.stderr).toBe(0);
    expect(words.stdout).toMatch(/^Exported 1 published and 0 withdrawn passports to \S+: \d+ files, \d+ bytes in /);
  });

  it('rebuilds the copy from the back-up target alone with --from-backup: no database, the same files', async () => {
    const company = await createTestCompany(db);
    const mine = await createPublishedPassport(db, { companyId: company.id });
    const backup = path.join(dir, 'backup');
    const copied = await runScript('scripts/admin.ts', databaseUrl, ['backup', 'run', '--company', company.slug], {
      BACKUP_TARGET: backup,
    });
    expect(copied.code, copied.stderr).toBe(0);
    const fromDb = path.join(dir, 'from-db');
    expect((await exportStatic(['--out', fromDb, '--company', company.slug])).code).toBe(0);
    const out = path.join(dir, 'from-backup');
    // No database at all: an address nothing answers at.
    const run = await runScript(
      'scripts/export-static.ts',
      'postgresql://nobody@127.0.0.1:1/none',
      ['--from-backup', '--out', out, '--company', company.slug, '--json'],
      { BACKUP_TARGET: backup },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      source: 'backup',
      companyId: company.slug,
      passports: { published: 1, withdrawn: 0 },
    });
    for (const file of [`api/dpp/${mine.slug}/index.json`, `dpp/${mine.slug}/index.html`, 'ns/dpp/index.jsonld'])
      expect(readFileSync(path.join(out, file)).equals(readFileSync(path.join(fromDb, file))), file).toBe(true);

    const unset = await runScript(
      'scripts/export-static.ts',
      databaseUrl,
      ['--from-backup', '--out', path.join(dir, 'x')],
      {
        BACKUP_TARGET: undefined,
      },
    );
    failed(unset, 2, /--from-backup reads BACKUP_TARGET, which is not set/);
  });

  it('refuses a directory that is not empty, an unknown company and a missing or unknown flag, writing nothing', async () => {
    const full = path.join(dir, 'full');
    mkdirSync(full);
    writeFileSync(path.join(full, 'keep.txt'), 'mine');
    const [notEmpty, unknown, noOut, extra, positional] = await Promise.all([
      exportStatic(['--out', full]),
      exportStatic(['--out', path.join(dir, 'unknown'), '--company', 'no-such-company']),
      exportStatic(['--company', 'x']),
      exportStatic(['--out', path.join(dir, 'extra'), '--all']),
      exportStatic(['--out', path.join(dir, 'positional'), 'now']),
    ]);
    failed(notEmpty, 1, /is not empty: export into a new or empty directory/);
    expect(readFileSync(path.join(full, 'keep.txt'), 'utf8')).toBe('mine');
    failed(unknown, 1, /No company with id or slug "no-such-company"/);
    expect(existsSync(path.join(dir, 'unknown'))).toBe(false);
    failed(noOut, 2, /--out names the directory to write/);
    failed(extra, 2, /Unknown option '--all'/);
    failed(positional, 2, /Unexpected argument "now"/);
  });
});

// Scenario 10: the static copy of the seeded passports (`npm run -s export:static`), written as an operator runs
// it: a process of its own against the seeded database, its time and its peak resident memory sampled.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Measured } from '../lib/bench/targets';
import { sampleRss } from './app-server';
import { throughputRow } from './issuance';

/** The bound: 10,000 passports in under 5 minutes. */
export const EXPORT_SECONDS_PER_10K = 300;

interface ExportReport {
  passports: { published: number; withdrawn: number };
  files: number;
  bytes: number;
  unavailableCount: number;
  skippedCount: number;
}

/** The environment without a database: the export from the back-up must not need one. */
function withoutDatabase(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _, ...rest } = env;
  return rest;
}

/** Where the export reads: the database, or a back-up directory alone (`--from-backup`, the company by its slug). */
export type ExportSource = { databaseUrl: string; companyId: string } | { backupDir: string; companySlug: string };

/**
 * Runs the export of one company's passports (the seeded set, `passports` of them) from `source` into a temporary
 * directory, removed after.
 */
export async function staticExportRow(source: ExportSource, passports: number): Promise<Measured> {
  const fromBackup = 'backupDir' in source;
  const out = mkdtempSync(path.join(tmpdir(), 'bench-static-export-'));
  try {
    const started = Date.now();
    // `node --import tsx`: one process, so its resident set is the export's own.
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/export-static.ts',
        '--out',
        path.join(out, 'site'),
        '--company',
        fromBackup ? source.companySlug : source.companyId,
        '--json',
        ...(fromBackup ? ['--from-backup'] : []),
      ],
      {
        env: fromBackup
          ? { ...withoutDatabase(process.env), BACKUP_TARGET: source.backupDir }
          : { ...process.env, DATABASE_URL: source.databaseUrl },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const stopRss = sampleRss(child.pid!);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString('utf8');
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr = (stderr + c.toString('utf8')).slice(-4000);
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    const seconds = (Date.now() - started) / 1000;
    const peak = stopRss();
    if (code !== 0) throw new Error(`The static export exited ${code}: ${stderr}`);
    const report = JSON.parse(stdout) as ExportReport;
    const exported = report.passports.published + report.passports.withdrawn;
    const row = throughputRow(
      fromBackup ? 's10-export-backup' : 's10-export',
      `10 static export of ${passports} passports${fromBackup ? ' from the back-up alone' : ''} (passports/s, peak RSS)`,
      passports,
      seconds,
      [
        `${exported} passports, ${report.files} files, ${(report.bytes / 1e6).toFixed(0)} MB in ${seconds.toFixed(1)} s (the bound: ${EXPORT_SECONDS_PER_10K * (passports / 10_000)} s); ${report.unavailableCount} unavailable, ${report.skippedCount} addresses left out`,
      ],
      { scenario: 10 },
    );
    row.peakRssMb = peak;
    if (exported !== passports || report.unavailableCount > 0) row.errors = Math.abs(passports - exported) || 1;
    return row;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

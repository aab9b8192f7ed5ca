// Scenario 10: back-up replication of the seeded passports to a directory target (docs/decisions.md, "Back-up
// replication"), worked in the bench process by the same pass the service's `backup` job runs, and the lag of a
// change: from the commit that changes passports to the moment the back-up holds them, with the worker's 2 s pause
// between passes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { directoryTarget } from '../lib/backup/directory-target';
import { backupLag } from '../lib/backup/lag';
import { verifyBackup } from '../lib/backup/verify';
import type { Measured } from '../lib/bench/targets';
import type { Db } from '../lib/db/client';
import { PASS_PAUSE_MS } from '../lib/jobs/pass-session';
import { backupPass } from '../lib/server/backup';
import { throughputRow } from './issuance';
import { staticExportRow } from './static-export';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Passes until the company's passports are all copied; the copies made, the files written and the passes run. */
async function replicateAll(db: Db, companyId: string, target: ReturnType<typeof directoryTarget>, pause = 0) {
  let replicated = 0;
  let files = 0;
  let passes = 0;
  for (;;) {
    const pass = await backupPass({ db, companyId, target });
    passes += 1;
    if (pass.failed > 0) throw new Error(`${pass.failed} passports could not be copied`);
    replicated += pass.replicated;
    files += pass.filesWritten;
    if (pass.replicated === 0) return { replicated, files, passes };
    if (pause) await sleep(pause);
  }
}

/**
 * The rows of scenario 10: the first copy of `count` passports (passports/s), then `changed` of them changed at once
 * (their revision bumped in one commit, as a BMS update does) and the seconds until the back-up holds them all,
 * passes 2 s apart as the worker runs them. The copy is verified against the database at the end.
 */
export async function replicationRows(
  db: Db,
  company: { id: string; slug: string },
  count: number,
  changed: number,
): Promise<Measured[]> {
  const companyId = company.id;
  const dir = mkdtempSync(join(tmpdir(), 'bench-backup-'));
  try {
    const target = directoryTarget(dir);
    const started = Date.now();
    const first = await replicateAll(db, companyId, target);
    const seconds = (Date.now() - started) / 1000;
    const copy = throughputRow(
      's10-replicate',
      `10 first back-up copy of ${first.replicated} passports (passports/s)`,
      first.replicated,
      seconds,
      [
        `${first.replicated} passports, ${first.files} files written to a directory target in ${seconds.toFixed(1)} s (${first.passes} passes of at most 100, 8 at once)`,
      ],
      { scenario: 10 },
    );
    copy.seconds = seconds;
    if (first.replicated < count) copy.errors = count - first.replicated;

    // A change to `changed` passports in one commit: the trigger bumps each revision, as any change to the row does.
    const ids = (
      await db.product.findMany({
        where: { companyId, mode: 'LIVE', version: { gte: 1 } },
        select: { id: true },
        take: changed,
      })
    ).map((p) => p.id);
    const changedAt = Date.now();
    await db.$executeRaw`UPDATE "Product" SET "updatedAt" = now() WHERE "id" = ANY(${ids}::uuid[])`;
    await sleep(PASS_PAUSE_MS);
    const again = await replicateAll(db, companyId, target, PASS_PAUSE_MS);
    const lagSeconds = (Date.now() - changedAt) / 1000;
    const left = await backupLag(new Date(), db);
    const lag = throughputRow(
      's10-lag',
      `10 back-up lag after ${ids.length} passports change at once (s)`,
      ids.length,
      lagSeconds,
      [
        `${again.replicated} copied again (${again.files} files) ${lagSeconds.toFixed(1)} s after their commit, passes ${PASS_PAUSE_MS / 1000} s apart as the worker runs them; pending after: ${left.pending}`,
      ],
      { scenario: 10 },
    );
    lag.seconds = lagSeconds;
    if (again.replicated < ids.length) lag.errors = ids.length - again.replicated;

    const verified = await verifyBackup({ target, db, companyId });
    copy.notes.push(
      `verify: ${verified.passports} passports, ${verified.files} files, ${verified.differences.length} differences`,
    );
    if (!verified.ok) copy.errors += verified.differences.length;
    // The static copy rebuilt from the back-up alone, as when the database is gone: the export's own process.
    const exported = await staticExportRow({ backupDir: dir, companySlug: company.slug }, count);
    return [copy, lag, exported];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

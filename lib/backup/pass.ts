import { type Db, prisma } from '../db/client';
import { eachAtOnce } from '../jobs/each-at-once';
import { documentBytes, passportDocuments } from './documents';
import {
  type BackupManifest,
  DOCUMENTS_FOLDER,
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  type ManifestFile,
  parseManifest,
  passportFolder,
  sha256Of,
} from './layout';
import { passportFiles, type RefusalRenderer } from './passport-files';
import { nextBackupAttempt } from './schedule';
import { type BackupTarget, configuredBackupTarget, readObject } from './target';

export interface BackupPassOptions {
  /** How a withdrawn passport's 410 body is rendered (the public surface's renderer, lib/server/backup.ts). */
  renderRefusal: RefusalRenderer;
  /** The worker's clock: tests pass a fake `now` instead of waiting. */
  now?: Date;
  db?: Db;
  /** The target; from BACKUP_TARGET when not given (unset: the pass does nothing). */
  target?: BackupTarget | null;
  /** Only this company's passports (tests, and an operator's targeted run). */
  companyId?: string;
  batch?: number;
  concurrency?: number;
}

export interface BackupPassSummary {
  replicated: number;
  failed: number;
  filesWritten: number;
}

const EMPTY: BackupPassSummary = { replicated: 0, failed: 0, filesWritten: 0 };

/** Long enough for a batch's writes, each bounded by OBJECT_STORAGE_TIMEOUT_MS; a lost worker's claim ends with it. */
const LEASE_MS = 5 * 60_000;

interface Claimed {
  productId: string;
  revision: number;
  attempts: number;
}

interface SourceRow {
  id: string;
  slug: string;
  revision: number;
  version: number;
}

/**
 * Claims up to `batch` due passports: live, published at least once (withdrawn ones too), whose revision is newer
 * than the one the back-up holds or that have no copy yet, not waiting for a retry, not leased by a live worker.
 * A first sight creates the row; `dueSince` keeps when the change was first seen (the lag's start).
 */
async function claimDue(db: Db, now: Date, batch: number, companyId: string | null): Promise<Claimed[]> {
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  return db.$queryRaw<Claimed[]>`
    WITH due AS (
      SELECT p."id" FROM "Product" p LEFT JOIN "BackupReplica" r ON r."productId" = p."id"
      WHERE p."mode" = 'LIVE' AND p."version" >= 1
        AND (${companyId}::uuid IS NULL OR p."companyId" = ${companyId}::uuid)
        AND (r."productId" IS NULL OR (p."revision" > r."revision" AND r."nextAttemptAt" <= ${now}
             AND (r."leaseUntil" IS NULL OR r."leaseUntil" < ${now})))
      ORDER BY r."nextAttemptAt" NULLS FIRST LIMIT ${batch})
    INSERT INTO "BackupReplica" AS r ("productId", "dueSince", "nextAttemptAt", "leaseUntil")
    SELECT "id", ${now}, ${now}, ${leaseUntil} FROM due
    ON CONFLICT ("productId") DO UPDATE SET "leaseUntil" = EXCLUDED."leaseUntil",
      "dueSince" = COALESCE(r."dueSince", EXCLUDED."dueSince")
    WHERE r."leaseUntil" IS NULL OR r."leaseUntil" < ${now}
    RETURNING r."productId", r."revision", r."attempts"`;
}

/**
 * Writes the passport's files that differ from the previous manifest's (all of them when the back-up holds no
 * copy, `revision` -1), then its manifest, last: a manifest names only files already in place.
 */
async function replicate(
  db: Db,
  target: BackupTarget,
  row: SourceRow,
  claimed: Claimed,
  renderRefusal: RefusalRenderer,
  now: Date,
): Promise<number> {
  const folder = passportFolder(row.slug);
  const got = await passportFiles(row.slug, renderRefusal);
  if (got.kind === 'not_found') return 0;
  const previous = claimed.revision < 0 ? null : parseManifest(await readObject(target, `${folder}/${MANIFEST_FILE}`));
  const before = new Map(previous?.files.map((f) => [f.path, f]));
  const files: ManifestFile[] = [];
  let written = 0;
  for (const file of got.files) {
    const entry = {
      path: file.path,
      sha256: sha256Of(file.bytes),
      bytes: file.bytes.byteLength,
      contentType: file.contentType,
    };
    const old = before.get(file.path);
    if (old?.sha256 !== entry.sha256 || old.bytes !== entry.bytes) {
      await target.put(`${folder}/${file.path}`, file.bytes);
      written += 1;
    }
    files.push(entry);
  }
  // The live service stops serving a withdrawn passport's versions; the back-up keeps the copies it made of them.
  if (got.kind === 'withdrawn') files.push(...(previous?.files.filter((f) => f.path.startsWith('v/')) ?? []));
  // Evidence documents never change once uploaded: each is read from storage only when the copy lacks it.
  const documents = await passportDocuments(db, row.id);
  for (const { storageKey, ...entry } of documents) {
    const old = before.get(entry.path);
    if (old?.sha256 !== entry.sha256) {
      const bytes = await documentBytes({ storageKey, ...entry });
      if (!bytes) continue;
      await target.put(`${folder}/${entry.path}`, bytes);
      written += 1;
    }
    files.push(entry);
  }
  // A document deleted from the passport (an erasure) goes from the copy too.
  const kept = new Set(documents.map((d) => d.path));
  for (const old of previous?.files ?? [])
    if (old.path.startsWith(DOCUMENTS_FOLDER) && !kept.has(old.path)) await target.delete(`${folder}/${old.path}`);
  const manifest: BackupManifest = {
    format: MANIFEST_FORMAT,
    productId: row.id,
    slug: row.slug,
    revision: row.revision,
    state: got.kind,
    version: row.version,
    writtenAt: now.toISOString(),
    files,
  };
  await target.put(`${folder}/${MANIFEST_FILE}`, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
  return written + 1;
}

async function recordCopy(db: Db, now: Date, row: SourceRow) {
  // A change that arrived while the files were written leaves the passport due (its revision is newer).
  await db.$executeRaw`
    UPDATE "BackupReplica" r SET "revision" = ${row.revision}, "replicatedAt" = ${now}, "attempts" = 0,
      "lastError" = NULL, "leaseUntil" = NULL, "nextAttemptAt" = ${now},
      "dueSince" = CASE WHEN p."revision" > ${row.revision} THEN ${now}::timestamp(3) ELSE NULL END
    FROM "Product" p WHERE p."id" = r."productId" AND r."productId" = ${row.id}::uuid`;
}

async function recordFailure(db: Db, now: Date, claimed: Claimed, error: unknown) {
  const attempts = claimed.attempts + 1;
  const message = error instanceof Error ? error.message : String(error);
  await db.$executeRaw`
    UPDATE "BackupReplica" SET "attempts" = ${attempts}, "lastError" = ${message.slice(0, 1000)},
      "leaseUntil" = NULL, "nextAttemptAt" = ${nextBackupAttempt(attempts, now)}
    WHERE "productId" = ${claimed.productId}::uuid`;
}

/**
 * One pass of the back-up worker: claims the passports whose copy is behind and copies each again, a few at once.
 * A copy records the revision it reflects; a failure (the target down, a read the live service cannot answer
 * either) records its error and a later attempt, and the revision still compares newer, so nothing is lost.
 */
export async function runBackupPass(options: BackupPassOptions): Promise<BackupPassSummary> {
  const { now = new Date(), db = prisma, batch = 100, concurrency = 8 } = options;
  const target = options.target === undefined ? configuredBackupTarget() : options.target;
  if (!target) return { ...EMPTY };
  const claimed = await claimDue(db, now, batch, options.companyId ?? null);
  if (claimed.length === 0) return { ...EMPTY };
  const rows = await db.$queryRaw<SourceRow[]>`
    SELECT "id", "slug", "revision", "version" FROM "Product" WHERE "id" = ANY(${claimed.map((c) => c.productId)}::uuid[])`;
  const sources = new Map(rows.map((r) => [r.id, r]));
  const summary = { ...EMPTY };
  await eachAtOnce(claimed, concurrency, async (c) => {
    const row = sources.get(c.productId);
    if (!row) return;
    try {
      // Awaited before the sum is read: `summary.x += await ...` would read it first and lose the other workers' counts.
      const written = await replicate(db, target, row, c, options.renderRefusal, now);
      summary.filesWritten += written;
      await recordCopy(db, now, row);
      summary.replicated += 1;
    } catch (error) {
      await recordFailure(db, now, c, error);
      summary.failed += 1;
    }
  });
  return summary;
}

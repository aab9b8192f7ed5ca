import { type Db, prisma } from '../db/client';
import { eachAtOnce } from '../jobs/each-at-once';
import { documentBytes, passportDocuments } from './documents';
import {
  type BackupManifest,
  COMMON_FOLDER,
  DOCUMENTS_FOLDER,
  type GroupManifest,
  issuerGroupFolder,
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  type ManifestFile,
  parseManifest,
  passportFolder,
  STATIC_FOLDER,
  sha256Of,
} from './layout';
import { passportFiles, type RefusalRenderer } from './passport-files';
import { nextBackupAttempt } from './schedule';
import type { StaticFile, StaticSource } from './static-source';
import { type BackupTarget, configuredBackupTarget, readObject } from './target';

export interface BackupPassOptions {
  /** How a withdrawn passport's 410 body is rendered (the public surface's renderer, lib/server/backup.ts). */
  renderRefusal: RefusalRenderer;
  /** The static copy kept beside each passport's files (lib/server/backup.ts); without it, none is kept. */
  statics?: StaticSource;
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
  company: string;
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

const entryOf = (path: string, bytes: Uint8Array, contentType: string): ManifestFile => ({
  path,
  sha256: sha256Of(bytes),
  bytes: bytes.byteLength,
  contentType,
});

/** Writes `bytes` at `key` unless the previous manifest lists the same file there; says whether it wrote. */
async function putChanged(
  target: BackupTarget,
  key: string,
  entry: ManifestFile,
  old: ManifestFile | undefined,
  bytes: Uint8Array,
) {
  if (old?.sha256 === entry.sha256 && old.bytes === entry.bytes) return false;
  await target.put(key, bytes);
  return true;
}

/**
 * Writes a group of static files (COMMON_FOLDER, an issuer's folder) whose bytes differ from its previous manifest's,
 * deletes the files it no longer has, then writes its manifest, last. Returns the number of files written.
 */
async function writeGroup(target: BackupTarget, folder: string, files: StaticFile[], now: Date): Promise<number> {
  const previous = parseManifest<GroupManifest>(await readObject(target, `${folder}/${MANIFEST_FILE}`));
  const before = new Map(previous?.files.map((f) => [f.path, f]));
  const entries: ManifestFile[] = [];
  let written = 0;
  for (const file of files) {
    const entry = entryOf(file.path, file.bytes, file.contentType);
    if (await putChanged(target, `${folder}/${file.path}`, entry, before.get(file.path), file.bytes)) written += 1;
    entries.push(entry);
  }
  const kept = new Set(files.map((f) => f.path));
  for (const old of previous?.files ?? []) if (!kept.has(old.path)) await target.delete(`${folder}/${old.path}`);
  const unchanged = written === 0 && previous && previous.files.length === entries.length;
  if (unchanged) return 0;
  const manifest: GroupManifest = { format: MANIFEST_FORMAT, writtenAt: now.toISOString(), files: entries };
  await target.put(`${folder}/${MANIFEST_FILE}`, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
  return written + 1;
}

/**
 * Writes the passport's files that differ from the previous manifest's (all of them when the back-up holds no
 * copy, `revision` -1), the static copy's files when `statics` is given, then its manifest, last: a manifest names
 * only files already in place. A passport no longer public (deprecated) keeps the copies made before, without a
 * static copy.
 */
async function replicate(
  db: Db,
  target: BackupTarget,
  row: SourceRow,
  claimed: Claimed,
  options: BackupPassOptions,
  now: Date,
): Promise<number> {
  const folder = passportFolder(row.slug);
  const got = await passportFiles(row.slug, options.renderRefusal);
  const copy = got.kind === 'not_found' ? null : await options.statics?.passport(row.slug);
  const previous = claimed.revision < 0 ? null : parseManifest(await readObject(target, `${folder}/${MANIFEST_FILE}`));
  const before = new Map(previous?.files.map((f) => [f.path, f]));
  const files: ManifestFile[] = [];
  let written = 0;
  for (const file of got.kind === 'not_found' ? [] : got.files) {
    const entry = entryOf(file.path, file.bytes, file.contentType);
    if (await putChanged(target, `${folder}/${file.path}`, entry, before.get(file.path), file.bytes)) written += 1;
    files.push(entry);
  }
  // The live service stops serving a withdrawn passport's versions; the back-up keeps the copies it made of them
  // (and of everything else a passport no longer public had).
  if (got.kind === 'withdrawn') files.push(...(previous?.files.filter((f) => f.path.startsWith('v/')) ?? []));
  if (got.kind === 'not_found')
    files.push(
      ...(previous?.files.filter((f) => !f.path.startsWith(STATIC_FOLDER) && !f.path.startsWith(DOCUMENTS_FOLDER)) ??
        []),
    );
  for (const file of copy?.files ?? []) {
    const path = `${STATIC_FOLDER}${file.path}`;
    const entry = entryOf(path, file.bytes, file.contentType);
    if (await putChanged(target, `${folder}/${path}`, entry, before.get(path), file.bytes)) written += 1;
    files.push(entry);
  }
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
  // A document deleted from the passport (an erasure) goes from the copy too, and so does a static file the
  // passport no longer answers with.
  const kept = new Set(files.map((f) => f.path));
  for (const old of previous?.files ?? [])
    if ((old.path.startsWith(DOCUMENTS_FOLDER) || old.path.startsWith(STATIC_FOLDER)) && !kept.has(old.path))
      await target.delete(`${folder}/${old.path}`);
  const manifest: BackupManifest = {
    format: MANIFEST_FORMAT,
    productId: row.id,
    slug: row.slug,
    company: row.company,
    revision: row.revision,
    state: got.kind === 'not_found' ? 'deprecated' : got.kind,
    version: row.version,
    writtenAt: now.toISOString(),
    files,
    ...(copy ? { static: copy.meta } : {}),
  };
  await target.put(`${folder}/${MANIFEST_FILE}`, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
  return written + 1;
}

/** The common files and the issuer documents of the companies whose passports were copied, for a static copy. */
async function replicateShared(target: BackupTarget, statics: StaticSource, companies: Set<string>, now: Date) {
  let written = await writeGroup(target, COMMON_FOLDER, await statics.common(), now);
  for (const company of companies) {
    const files = await statics.issuer(company);
    if (files) written += await writeGroup(target, issuerGroupFolder(company), files, now);
  }
  return written;
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
    SELECT p."id", p."slug", p."revision", p."version", c."slug" AS "company"
    FROM "Product" p JOIN "Company" c ON c."id" = p."companyId"
    WHERE p."id" = ANY(${claimed.map((c) => c.productId)}::uuid[])`;
  const sources = new Map(rows.map((r) => [r.id, r]));
  const summary = { ...EMPTY };
  const copied: { row: SourceRow; claimed: Claimed }[] = [];
  await eachAtOnce(claimed, concurrency, async (c) => {
    const row = sources.get(c.productId);
    if (!row) return;
    try {
      // Awaited before the sum is read: `summary.x += await ...` would read it first and lose the other workers' counts.
      const written = await replicate(db, target, row, c, options, now);
      summary.filesWritten += written;
      copied.push({ row, claimed: c });
    } catch (error) {
      await recordFailure(db, now, c, error);
      summary.failed += 1;
    }
  });
  // A static copy needs its shared files as current as its passports: the copies count only once they are written.
  let shared: unknown = null;
  if (options.statics && copied.length > 0) {
    try {
      summary.filesWritten += await replicateShared(
        target,
        options.statics,
        new Set(copied.map((c) => c.row.company)),
        now,
      );
    } catch (error) {
      shared = error;
    }
  }
  for (const { row, claimed: c } of copied) {
    if (shared) {
      await recordFailure(db, now, c, shared);
      summary.failed += 1;
    } else {
      await recordCopy(db, now, row);
      summary.replicated += 1;
    }
  }
  return summary;
}

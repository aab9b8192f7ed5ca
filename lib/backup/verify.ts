import { type Db, prisma } from '../db/client';
import { passportDocuments } from './documents';
import { MANIFEST_FILE, parseManifest, passportFolder, sha256Of, versionFile } from './layout';
import { type BackupTarget, readObject } from './target';

export type BackupProblem =
  | 'manifest_missing'
  | 'stale'
  | 'file_missing'
  | 'sha256_differs'
  | 'version_missing'
  | 'document_missing';

export interface BackupDifference {
  productId: string;
  slug: string;
  problem: BackupProblem;
  /** The file concerned, relative to the passport's folder. */
  path?: string;
}

export interface BackupVerifyReport {
  ok: boolean;
  passports: number;
  files: number;
  differences: BackupDifference[];
}

interface ProductRow {
  id: string;
  slug: string;
  revision: number;
  version: number;
}

const PAGE = 500;

/** The differences of one passport's copy: its manifest, its revision, each file's bytes, each version's presence. */
async function checkPassport(db: Db, target: BackupTarget, row: ProductRow, report: BackupVerifyReport) {
  const folder = passportFolder(row.slug);
  const differ = (problem: BackupProblem, path?: string) =>
    report.differences.push({ productId: row.id, slug: row.slug, problem, ...(path ? { path } : {}) });
  const manifest = parseManifest(await readObject(target, `${folder}/${MANIFEST_FILE}`));
  if (!manifest || manifest.productId !== row.id) return differ('manifest_missing', MANIFEST_FILE);
  if (manifest.revision < row.revision) differ('stale', MANIFEST_FILE);
  for (const file of manifest.files) {
    report.files += 1;
    const bytes = await readObject(target, `${folder}/${file.path}`);
    if (bytes === null) differ('file_missing', file.path);
    else if (bytes.byteLength !== file.bytes || sha256Of(bytes) !== file.sha256) differ('sha256_differs', file.path);
  }
  const listed = new Set(manifest.files.map((f) => f.path));
  for (let version = 1; version <= row.version; version++)
    if (manifest.state === 'published' && !listed.has(versionFile(version)))
      differ('version_missing', versionFile(version));
  const sums = new Map(manifest.files.map((f) => [f.path, f.sha256]));
  for (const document of await passportDocuments(db, row.id))
    if (sums.get(document.path) !== document.sha256) differ('document_missing', document.path);
}

/**
 * Compares the back-up with the database: every live passport published at least once (of `companyId` when given)
 * must have a manifest of its current revision, each listed file present with the listed SHA-256 and length, and
 * every published version listed. Reads the whole copy; pages through the products by id.
 */
export async function verifyBackup(options: {
  target: BackupTarget;
  db?: Db;
  companyId?: string | null;
}): Promise<BackupVerifyReport> {
  const { target, db = prisma, companyId = null } = options;
  const report: BackupVerifyReport = { ok: true, passports: 0, files: 0, differences: [] };
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await db.$queryRaw<ProductRow[]>`
      SELECT "id", "slug", "revision", "version" FROM "Product"
      WHERE "mode" = 'LIVE' AND "version" >= 1 AND "id" > ${after}::uuid
        AND (${companyId}::uuid IS NULL OR "companyId" = ${companyId}::uuid)
      ORDER BY "id" LIMIT ${PAGE}`;
    for (const row of rows) {
      report.passports += 1;
      await checkPassport(db, target, row, report);
    }
    if (rows.length < PAGE) break;
    after = rows.at(-1)!.id;
  }
  report.ok = report.differences.length === 0;
  return report;
}

import {
  COMMON_FOLDER,
  type GroupManifest,
  issuerGroupFolder,
  MANIFEST_FILE,
  type ManifestFile,
  parseManifest,
  passportFolder,
  STATIC_FOLDER,
  sha256Of,
} from '../../backup/layout';
import { type BackupTarget, readObject } from '../../backup/target';
import { config } from '../../config';
import { eachAtOnce } from '../../jobs/each-at-once';
import { closeExport, issuerFolder, newReport, recordOutcome, type StaticExportReport } from './export';
import type { PassportOutcome } from './passport-files';
import { SiteWriter } from './site-writer';

export interface BackupExportOptions {
  /** The export directory: created, or empty. */
  out: string;
  /** The back-up to read (BACKUP_TARGET's store). */
  target: BackupTarget;
  /** Only this company's passports (its slug: the back-up knows companies by slug). */
  company?: string;
  concurrency?: number;
  onProgress?: (done: number) => void;
}

/** The bytes of `files` under `folder`, each checked against its manifest entry; null if one is missing or differs. */
async function readChecked(target: BackupTarget, folder: string, files: ManifestFile[]) {
  const read: { file: ManifestFile; bytes: Uint8Array }[] = [];
  for (const file of files) {
    const bytes = await readObject(target, `${folder}/${file.path}`);
    if (!bytes || bytes.byteLength !== file.bytes || sha256Of(bytes) !== file.sha256) return null;
    read.push({ file, bytes });
  }
  return read;
}

/** Copies one passport's static copy from its back-up folder, whole or not at all. */
async function copyPassport(
  site: SiteWriter,
  target: BackupTarget,
  slug: string,
  company: string | undefined,
): Promise<{ outcome: PassportOutcome; company?: string } | null> {
  const folder = passportFolder(slug);
  const api = `/api/dpp/${encodeURIComponent(slug)}`;
  const refused = (code: string) => ({
    outcome: { kind: 'not_found' as const, skipped: [], unavailable: [{ path: api, code }] },
  });
  const manifest = parseManifest(await readObject(target, `${folder}/${MANIFEST_FILE}`));
  if (!manifest) return company ? null : refused('BACKUP_MANIFEST_MISSING');
  if (company !== undefined && manifest.company !== company) return null;
  if (manifest.state === 'deprecated') return null;
  if (!manifest.static) return refused('BACKUP_WITHOUT_STATIC_COPY');
  const files = await readChecked(
    target,
    folder,
    manifest.files.filter((f) => f.path.startsWith(STATIC_FOLDER)),
  );
  if (!files) return refused('BACKUP_FILE_DIFFERS');
  for (const { file, bytes } of files) await site.write(file.path.slice(STATIC_FOLDER.length), bytes);
  for (const { uri, ...headers } of manifest.static.snapshots) await site.snapshot(uri, headers);
  for (const uri of manifest.static.noindex) await site.noindex(uri);
  return { outcome: { kind: manifest.state, skipped: [], unavailable: [] }, company: manifest.company };
}

/** Copies a group of static files (the common files, an issuer's documents) to `below` in the copy. */
async function copyGroup(site: SiteWriter, target: BackupTarget, folder: string, below: string): Promise<boolean> {
  const manifest = parseManifest<GroupManifest>(await readObject(target, `${folder}/${MANIFEST_FILE}`));
  if (!manifest) return false;
  const files = await readChecked(target, folder, manifest.files);
  if (!files) throw new Error(`The back-up's ${folder} differs from its manifest: run the back-up again first.`);
  for (const { file, bytes } of files) await site.write(`${below}${file.path}`, bytes);
  return true;
}

/**
 * Writes the static copy of every passport the back-up holds (of `company` when given) under `options.out`, from the
 * back-up target alone: no database. The back-up keeps each passport's static files beside its other files
 * (docs/backup.md), written by the same code as `exportStaticSite`, so both copies are the same site. A passport
 * whose files are missing or differ from its manifest is left out and reported, never copied in part.
 */
export async function exportStaticFromBackup(options: BackupExportOptions): Promise<StaticExportReport> {
  const started = Date.now();
  const { target } = options;
  const site = await SiteWriter.open(options.out);
  const report = newReport('backup', config().BASE_URL, options.company ?? null, started);
  const slugs = (await target.folders('passports/')).sort();
  const companies = new Set<string>();
  let done = 0;
  await eachAtOnce(slugs, options.concurrency ?? 8, async (slug) => {
    const copied = await copyPassport(site, target, slug, options.company);
    if (copied) {
      recordOutcome(report, copied.outcome);
      if (copied.company) companies.add(copied.company);
    }
    done += 1;
    if (done % 500 === 0) options.onProgress?.(done);
  });
  options.onProgress?.(done);
  if (!(await copyGroup(site, target, COMMON_FOLDER, '')))
    throw new Error('The back-up holds no static copy yet (no common files): let the back-up run first.');
  for (const company of [...companies].sort())
    await copyGroup(site, target, issuerGroupFolder(company), `${issuerFolder(company)}/`);
  await closeExport(site, report, started);
  return report;
}

/**
 * The back-up's layout (docs/backup.md): one folder per live passport, `passports/<slug>/`, holding the files of
 * MANIFEST_FILE's list and, written last, the manifest itself. Paths in a manifest are relative to the folder.
 */
import { createHash } from 'node:crypto';

export const MANIFEST_FORMAT = 'battery-passport-backup/1';
export const MANIFEST_FILE = 'manifest.json';

export const passportFolder = (slug: string) => `passports/${slug}`;
export const versionFile = (version: number) => `v/${version}.json`;
export const credentialFile = (version: number) => `v/${version}.credential.jwt`;
/** An evidence document, by its id: kept in the back-up, never part of a static copy (the service keeps it private). */
export const documentFile = (documentId: string) => `documents/${documentId}`;
export const DOCUMENTS_FOLDER = 'documents/';
/** The passport's files of a static copy (`npm run -s export:static -- --from-backup`), by their path in the copy. */
export const STATIC_FOLDER = 'static/';
/** The files every static copy holds (vocabularies, stylesheet, refusal bodies), in a group of their own. */
export const COMMON_FOLDER = 'common';
/** A company's issuer documents of a static copy (DID document, status lists), by their path below `issuers/<slug>/`. */
export const issuerGroupFolder = (companySlug: string) => `issuers/${companySlug}`;

export interface ManifestFile {
  path: string;
  sha256: string;
  bytes: number;
  contentType: string;
}

/** The per-path headers a web server adds to a static copy (the export's nginx map). */
export interface StaticMeta {
  /** Each version's X-Snapshot-* values, by the path as requested. */
  snapshots: { uri: string; sha256: string; bytes: string; publishedAt: string }[];
  /** Resolver addresses of a withdrawn passport (X-Robots-Tag: noindex). */
  noindex: string[];
}

export interface BackupManifest {
  format: typeof MANIFEST_FORMAT;
  productId: string;
  slug: string;
  /** The slug of the passport's company (its issuer documents are under issuerGroupFolder(company)). */
  company?: string;
  /** The Product.revision the files reflect (read before them: a later change makes the passport due again). */
  revision: number;
  /** `deprecated`: no longer publicly answered; the copies made before stay, the static copy goes. */
  state: 'published' | 'withdrawn' | 'deprecated';
  /** The latest published version. */
  version: number;
  writtenAt: string;
  files: ManifestFile[];
  /** The static copy's headers; absent when the back-up holds no static copy of the passport. */
  static?: StaticMeta;
}

/** The manifest of a group of static files (COMMON_FOLDER, an issuer's folder), written after its files. */
export interface GroupManifest {
  format: typeof MANIFEST_FORMAT;
  writtenAt: string;
  files: ManifestFile[];
}

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The manifest at `bytes`, or null when it is missing or not one of this format (then every file is rewritten). */
export function parseManifest<M extends { files: ManifestFile[] } = BackupManifest>(
  bytes: Uint8Array | null,
): M | null {
  if (!bytes) return null;
  try {
    const parsed = JSON.parse(Buffer.from(bytes).toString('utf8')) as M & { format?: string };
    return parsed?.format === MANIFEST_FORMAT && Array.isArray(parsed.files) ? parsed : null;
  } catch {
    return null;
  }
}

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

export interface ManifestFile {
  path: string;
  sha256: string;
  bytes: number;
  contentType: string;
}

export interface BackupManifest {
  format: typeof MANIFEST_FORMAT;
  productId: string;
  slug: string;
  /** The Product.revision the files reflect (read before them: a later change makes the passport due again). */
  revision: number;
  state: 'published' | 'withdrawn';
  /** The latest published version. */
  version: number;
  writtenAt: string;
  files: ManifestFile[];
}

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The manifest at `bytes`, or null when it is missing or not one of this format (then every file is rewritten). */
export function parseManifest(bytes: Uint8Array | null): BackupManifest | null {
  if (!bytes) return null;
  try {
    const parsed = JSON.parse(Buffer.from(bytes).toString('utf8')) as BackupManifest;
    return parsed?.format === MANIFEST_FORMAT && Array.isArray(parsed.files) ? parsed : null;
  } catch {
    return null;
  }
}

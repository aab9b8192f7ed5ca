import type { StaticMeta } from './layout';

/** A file of a static copy: its path (below the copy's root, or its group's folder), bytes and media type. */
export interface StaticFile {
  path: string;
  bytes: Uint8Array;
  contentType: string;
}

/**
 * What the back-up needs of the static export to hold a ready static copy beside each passport's files, so
 * `export:static --from-backup` rebuilds the site from the back-up alone. The surface that owns the static export
 * hands it in (lib/server/backup.ts), as it hands in the refusal renderer.
 */
export interface StaticSource {
  /** The passport's static files, paths relative to the copy's root, and their headers; null when not public. */
  passport(slug: string): Promise<{ files: StaticFile[]; meta: StaticMeta } | null>;
  /** The files every copy holds whatever its passports (vocabularies, stylesheet, refusal bodies). */
  common(): Promise<StaticFile[]>;
  /** The company's issuer documents, paths relative to `issuers/<slug>/`; null when it has no issuer. */
  issuer(companySlug: string): Promise<StaticFile[] | null>;
}

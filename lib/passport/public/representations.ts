/**
 * A passport's public representations per (product, revision), and the one door to them: the JSON, the JSON-LD,
 * the linkset, the version list, each version and its signed credential, the QR code and the viewer page. The routes, the middleware's
 * wiring and the stored-page route ask here; the other modules of this folder are its internals.
 *
 * - Built from the served version's verified snapshot with the current dynamic values laid over it (lookup.ts),
 *   serialized and hashed once per built passport (served.ts); a version's public view from its own snapshot
 *   (snapshot-view.ts); the viewer page by Next.js, through the renderer the caller hands in (page-store.ts).
 * - Stored with the SHA-256 of their bytes, checked on every read (a mismatch is rebuilt, never served): the JSON and
 *   JSON-LD in PublicDocument (documents.ts), written by publication in its own commit and by the first read that
 *   finds none current; each version's view in PublicSnapshot, written with the version; a page per canonical
 *   address in PublicPage, written by its first anonymous view.
 * - Invalidated by nothing sent anywhere: a trigger bumps Product.revision on every change of the row (and on a
 *   rename of its company) in that change's commit, and a stored copy or an in-memory passport (stamped-cache.ts)
 *   serves only while its revision equals the product's. Versions never change.
 * - Served from one query: the JSON, the JSON-LD and a version share one statement with the reads of the same
 *   event-loop turn (lib/db/batch.ts); a page is one read by primary key; the others start with one light read of
 *   the revision that decides whether the in-memory passport is still current. A read gets bytes, their strong ETag
 *   (the quoted SHA-256) and the headers the answer needs; the HTTP layer makes the response, 304 included.
 */

import { config } from '../../config';
import type { Locale } from '../../i18n/locales';
import { AAS_MEDIA_TYPE } from './aas';
import { versionAasBody } from './aas-version';
import { CREDENTIAL_MEDIA_TYPE, publicCredentialBySlug } from './credential-view';
import { publicDocumentBySlug } from './documents';
import { LINKSET_MEDIA_TYPE } from './linkset';
import { findPublicPassport, type PassportKey } from './lookup';
import { type PageStoreOptions, type PassportPage, passportPage } from './page-store';
import { findPassportState, keptOutOfIndexes } from './product-by-key';
import { parseQrFormat, renderQr } from './qr';
import {
  aasBody,
  jsonLdBody,
  linksetBody,
  productNotFound,
  requirePublishedPassport,
  requireResolvedPassport,
  type ServedBytes,
  servedBytes,
} from './served';
import { listPublicVersions, parseVersion, publicSnapshotBySlug } from './snapshot-view';

export type { PublicContinuity, PublicEndOfLife, PublicSuccession } from './document';
export { refreshPublicDocument } from './documents';
export { buildJsonLd } from './jsonld';
export { resolverLinkType } from './link-types';
export type { PassportKey, PublicLookup, PublicPassport, Withdrawal } from './lookup';
export { findPublicPassport } from './lookup';
export type { PageStoreOptions, PassportPage, RenderedPage } from './page-store';
export { pageStoreEnabled } from './page-store';
export { renderQr } from './qr';
export type { KeyQualifier } from './resolver-key';
export { digitalLinkKey, parseResolverPath, resolverKey } from './resolver-key';
export { productNotFound } from './served';
export { publicViewOf, storePublicView, versionNotFound } from './snapshot-view';
export { publicVersionChanges } from './version-changes';
export type { Vocabulary } from './vocabulary';
export { DPP_VOCABULARY, ESPR_VOCABULARY, vocabularyDocument } from './vocabulary';

/**
 * Which row of the caching table (lib/http/caching.ts) an answer is; the HTTP layer turns it into Cache-Control and
 * Vary, so what a cache may keep is decided in one place for every surface.
 */
export type PassportCaching =
  | 'dpp'
  | 'jsonld'
  | 'versions'
  | 'version'
  | 'credential'
  | 'qr'
  | 'resolver-jsonld'
  | 'resolver-linkset'
  | 'aas';

/** Bytes as served, their strong ETag, and the headers the answer needs. */
export interface PassportRepresentation extends ServedBytes {
  contentType: string;
  caching: PassportCaching;
  /** Further headers describing the bytes (a version's X-Snapshot-*). */
  headers: Record<string, string>;
}

/**
 * Which representation of which passport: by slug (`/api/dpp/{slug}/...`), or by the resolver address a request
 * was made to (`/01/...`, `/dpp/...`, as the middleware's rewrite hands it over). Version and QR format come as
 * requested, unparsed: a malformed one is refused before any lookup.
 */
export type RepresentationRequest =
  | { form: 'dpp' | 'jsonld' | 'versions' | 'aas'; slug: string }
  | { form: 'version' | 'credential' | 'version-aas'; slug: string; version: string }
  | { form: 'qr'; slug: string; format: string | null }
  | { form: 'jsonld' | 'linkset' | 'aas'; resolverPath: string | null };

const JSON_TYPE = 'application/json; charset=utf-8';
const JSON_LD_TYPE = 'application/ld+json; charset=utf-8';
const AAS_TYPE = `${AAS_MEDIA_TYPE}; charset=utf-8`;

const represent = (
  caching: PassportCaching,
  body: ServedBytes,
  contentType: string,
  headers: Record<string, string> = {},
) => ({ ...body, contentType, caching, headers }) satisfies PassportRepresentation;

/**
 * One public representation, or the ServiceError the public answers with: 404 for a passport never or no longer
 * public, 410 with the withdrawal (the QR code excepted: a printed label keeps resolving to the notice), 400 for a
 * malformed version or format, 503 for a snapshot that fails its hash.
 */
export async function publicRepresentation(want: RepresentationRequest): Promise<PassportRepresentation> {
  if ('resolverPath' in want) {
    // Byte for byte what /api/dpp/{slug}/jsonld serves.
    const passport = await requireResolvedPassport(want.resolverPath);
    if (want.form === 'jsonld') return represent('resolver-jsonld', jsonLdBody(passport), JSON_LD_TYPE);
    // The AAS of the passport, the bytes /api/dpp/{slug}/aas serves.
    if (want.form === 'aas') return represent('aas', aasBody(passport), AAS_TYPE);
    return represent('resolver-linkset', linksetBody(passport), LINKSET_MEDIA_TYPE);
  }
  switch (want.form) {
    case 'dpp':
    case 'jsonld':
      return represent(
        want.form,
        await publicDocumentBySlug(want.slug, want.form),
        want.form === 'dpp' ? JSON_TYPE : JSON_LD_TYPE,
      );
    case 'versions': {
      const passport = await requirePublishedPassport(want.slug);
      return represent('versions', servedBytes(JSON.stringify(await listPublicVersions(passport))), JSON_TYPE);
    }
    case 'version':
      return versionRepresentation(want.slug, parseVersion(want.version));
    case 'credential': {
      // Cached like its version: the same URL must stop answering once the passport is withdrawn.
      const credential = await publicCredentialBySlug(want.slug, parseVersion(want.version));
      return represent(
        'credential',
        { bytes: credential.bytes, etag: `"${credential.sha256}"` },
        CREDENTIAL_MEDIA_TYPE,
      );
    }
    case 'aas':
      return represent('aas', await publicDocumentBySlug(want.slug, 'aas'), AAS_TYPE);
    case 'version-aas': {
      const snapshot = await publicSnapshotBySlug(want.slug, parseVersion(want.version));
      return represent('aas', versionAasBody(snapshot), AAS_TYPE, { 'X-DPP-Version': String(snapshot.version) });
    }
    case 'qr':
      return qrRepresentation(want.slug, parseQrFormat(want.format));
  }
}

/** One recorded version, restricted fields removed; served only while the passport is published. */
async function versionRepresentation(slug: string, version: number): Promise<PassportRepresentation> {
  const snapshot = await publicSnapshotBySlug(slug, version);
  // Not immutable: the same URL must stop answering once the passport is withdrawn.
  return represent('version', { bytes: snapshot.bytes, etag: `"${snapshot.sha256}"` }, JSON_TYPE, {
    'X-DPP-Version': String(snapshot.version),
    'X-Snapshot-Sha256': snapshot.sha256,
    'X-Snapshot-Bytes': String(snapshot.bytes.byteLength),
    'X-Snapshot-Published-At': snapshot.publishedAt,
  });
}

/** The QR code of the passport's address (GS1 Digital Link, or /dpp/ without a GTIN), withdrawn passports too. */
async function qrRepresentation(slug: string, format: ReturnType<typeof parseQrFormat>) {
  const found = await findPublicPassport({ slug });
  if (found.kind === 'not_found') throw productNotFound();
  const { body, contentType } = await renderQr(`${config().BASE_URL}${found.passport.product.path}`, format);
  return represent('qr', servedBytes(body), contentType);
}

/**
 * The viewer page at `path` (a resolver address as requested, still percent-encoded) for an anonymous browser: the
 * stored page of the product's current revision, else a fresh render through `options.render`, stored when the
 * address and the passport allow. The same bytes and headers for every answer of one revision and language.
 */
export function pageRepresentation(path: string, locale: Locale, options: PageStoreOptions): Promise<PassportPage> {
  return passportPage(path, locale, options);
}

/** Whether a key names exactly one passport (a slug, or a GTIN with a serial), so its address alone finds its page. */
export const namesOnePassport = (key: PassportKey): boolean => 'slug' in key || key.serialNumber !== undefined;

/** Whether the page a key names stays out of search indexes: one indexed read of its state and version. */
export async function pageNoindex(key: PassportKey): Promise<boolean> {
  return keptOutOfIndexes(await findPassportState(key));
}

import { ServiceError } from '../errors';
import {
  findPublicPassport,
  type PassportRepresentation,
  publicRepresentation,
  type RepresentationRequest,
} from '../passport/public/representations';
import { credentialFile, versionFile } from './layout';

/** A refusal's body exactly as the public routes render it: the surface that owns the envelopes hands it in. */
export type RefusalRenderer = (error: ServiceError) => Promise<{ bytes: Uint8Array; contentType: string }>;

export interface BackupFile {
  path: string;
  bytes: Uint8Array;
  contentType: string;
}

export type PassportFiles = { kind: 'published' | 'withdrawn'; files: BackupFile[] } | { kind: 'not_found' };

const fileOf = (path: string, got: PassportRepresentation): BackupFile => ({
  path,
  bytes: got.bytes,
  contentType: got.contentType,
});

/**
 * The files of the passport with slug `slug`, read through the public read door so they are the live service's bytes:
 * for a published passport its JSON and JSON-LD, each published version and that version's credential (a version
 * without an intact credential is left without one, as the live route answers 503); for a withdrawn one the 410
 * bodies the live JSON and JSON-LD answer (its versions are no longer served: the pass keeps the copies it made).
 */
export async function passportFiles(slug: string, renderRefusal: RefusalRenderer): Promise<PassportFiles> {
  const found = await findPublicPassport({ slug });
  if (found.kind === 'not_found') return { kind: 'not_found' };
  const current = async (path: string, want: RepresentationRequest): Promise<BackupFile> => {
    try {
      return fileOf(path, await publicRepresentation(want));
    } catch (error) {
      if (!(error instanceof ServiceError) || error.code !== 'PRODUCT_WITHDRAWN') throw error;
      return { path, ...(await renderRefusal(error)) };
    }
  };
  const files = [
    await current('dpp.json', { form: 'dpp', slug }),
    await current('dpp.jsonld', { form: 'jsonld', slug }),
  ];
  if (found.kind === 'withdrawn') return { kind: 'withdrawn', files };
  for (const { version } of found.passport.versions) {
    files.push(
      fileOf(versionFile(version), await publicRepresentation({ form: 'version', slug, version: `${version}` })),
    );
    try {
      const credential = await publicRepresentation({ form: 'credential', slug, version: `${version}` });
      files.push(fileOf(credentialFile(version), credential));
    } catch (error) {
      if (!(error instanceof ServiceError) || error.code !== 'CREDENTIAL_INTEGRITY_FAILURE') throw error;
    }
  }
  return { kind: 'published', files };
}

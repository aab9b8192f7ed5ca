import { staticPassportPage } from '../../continuity/static-page';
import { ServiceError } from '../../errors';
import { renderPublicError } from '../../http/errors';
import {
  findPublicPassport,
  type PassportRepresentation,
  publicRepresentation,
  type RepresentationRequest,
} from '../../passport/public/representations';
import { directoryOf, FILE, GONE_DIR } from './layout';
import type { SiteSink } from './site-writer';

/** An answer the live service could not give either (a stored snapshot or credential that fails its hash). */
export interface Unavailable {
  path: string;
  code: string;
}

export interface PassportOutcome {
  kind: 'published' | 'withdrawn' | 'not_found';
  /** Addresses left out because a segment cannot be a directory name (see directoryOf). */
  skipped: string[];
  unavailable: Unavailable[];
}

/** 503s are answers the live service cannot give either: they are left out and reported, never fatal. */
const isUnavailable = (error: unknown) =>
  error instanceof ServiceError &&
  (error.code === 'SNAPSHOT_INTEGRITY_FAILURE' || error.code === 'CREDENTIAL_INTEGRITY_FAILURE');

/** A refusal's body exactly as the public routes render it (the request id travels in a header, not the body). */
export async function refusalBody(error: unknown): Promise<{ status: number; bytes: Buffer }> {
  const response = renderPublicError(error, { requestId: 'static-export' });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** The representation asked for, or the ServiceError the live route would answer with. */
async function answer(want: RepresentationRequest): Promise<PassportRepresentation | ServiceError> {
  try {
    return await publicRepresentation(want);
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
}

/**
 * Writes every public answer of the passport with slug `slug` at its live path: for a published passport its JSON,
 * JSON-LD, version list, each version and its credential, its QR code in both formats, and at each of its
 * resolver addresses (the canonical GS1 Digital Link or /dpp/ address, and /dpp/{slug}) the linkset, the JSON-LD
 * and the static viewer page; for a withdrawn one the 410 bodies, the QR code and the page with the notice. Bytes
 * come from the public representations, so they are the live service's.
 */
export async function writePassport(site: SiteSink, slug: string, baseUrl: string): Promise<PassportOutcome> {
  const api = `/api/dpp/${encodeURIComponent(slug)}`;
  let found: Awaited<ReturnType<typeof findPublicPassport>>;
  try {
    found = await findPublicPassport({ slug });
  } catch (error) {
    // A passport the live service cannot serve either (503: its stored version fails its check) is reported, and
    // the export goes on with the others.
    if (!isUnavailable(error)) throw error;
    return { kind: 'not_found', skipped: [], unavailable: [{ path: api, code: (error as ServiceError).code }] };
  }
  const outcome: PassportOutcome = { kind: found.kind, skipped: [], unavailable: [] };
  if (found.kind === 'not_found') return outcome;
  const { path: canonical } = found.passport.product;
  const addresses = [...new Set([canonical, `/dpp/${encodeURIComponent(slug)}`])];
  // A withdrawn address's linkset and JSON-LD share one 410 body: each file is written once.
  const written = new Set<string>();
  const writeOnce = async (relative: string, bytes: Uint8Array | string) => {
    if (written.has(relative)) return;
    written.add(relative);
    await site.write(relative, bytes);
  };

  /** Writes the 200 of `want` at `path` (its file `file`), or the 410 body where the live route answers 410. */
  const put = async (path: string, file: string, want: RepresentationRequest) => {
    const dir = directoryOf(path);
    if (dir === null) {
      outcome.skipped.push(path);
      return null;
    }
    const got = await answer(want);
    if (got instanceof ServiceError) {
      if (isUnavailable(got)) outcome.unavailable.push({ path, code: got.code });
      else if (got.code === 'PRODUCT_WITHDRAWN')
        await writeOnce(`${GONE_DIR}/${dir}/index.json`, (await refusalBody(got)).bytes);
      else throw got;
      return null;
    }
    await writeOnce(`${dir}/${file}`, got.bytes);
    return got;
  };

  await put(api, FILE.dpp, { form: 'dpp', slug });
  const jsonld = await put(`${api}/jsonld`, FILE.jsonld, { form: 'jsonld', slug });
  await put(`${api}/versions`, FILE.versions, { form: 'versions', slug });
  await put(`${api}/qr`, FILE.qrSvg, { form: 'qr', slug, format: 'svg' });
  await put(`${api}/qr`, FILE.qrPng, { form: 'qr', slug, format: 'png' });
  if (found.kind === 'published') {
    for (const { version } of found.passport.versions) {
      const path = `${api}/v/${version}`;
      const snapshot = await put(path, FILE.version, { form: 'version', slug, version: String(version) });
      if (snapshot) {
        await site.snapshot(path, {
          sha256: snapshot.headers['X-Snapshot-Sha256'],
          bytes: snapshot.headers['X-Snapshot-Bytes'],
          publishedAt: snapshot.headers['X-Snapshot-Published-At'],
        });
      }
      await put(`${path}/credential`, FILE.credential, { form: 'credential', slug, version: String(version) });
    }
  }
  const page = staticPassportPage(found, baseUrl, jsonld ? Buffer.from(jsonld.bytes).toString('utf8') : null);
  for (const address of addresses) {
    const dir = directoryOf(address);
    if (dir === null) {
      outcome.skipped.push(address);
      continue;
    }
    await put(address, FILE.linkset, { form: 'linkset', resolverPath: address });
    await put(address, FILE.jsonld, { form: 'jsonld', resolverPath: address });
    await writeOnce(`${dir}/${FILE.page}`, page);
    if (found.kind === 'withdrawn') await site.noindex(address);
  }
  return outcome;
}

import { VC_JWT_MEDIA_TYPE } from '../../credentials/vocabulary';
import { batchedLookup } from '../../db/batch';
import { ServiceError } from '../../errors';
import { isStorableText } from '../../storable-text';
import { sha256Hex } from '../canonical-json';
import { isPubliclyServed } from '../states';
import { productNotFound } from './served';
import { versionNotFound } from './snapshot-view';

// The version column is a PostgreSQL integer: a larger number is well-formed but can never have been published.
const MAX_VERSION = 2_147_483_647;

export const CREDENTIAL_MEDIA_TYPE = VC_JWT_MEDIA_TYPE;

interface CredentialRow {
  slug: string;
  wanted: number;
  state: string;
  current: number;
  version: number | null;
  jwt: string | null;
  sha256: string | null;
}

export const credentialIntegrityFailure = () =>
  new ServiceError('CREDENTIAL_INTEGRITY_FAILURE', 'The stored credential cannot be served intact. Try again later.');

/** The product's state and the requested version's credential, for every (slug, version) of one turn: one query. */
const credentialBySlug = batchedLookup<{ slug: string; version: number }, CredentialRow>({
  name: 'public-credentials',
  text: `
  SELECT k."slug", k."wanted", p."state"::text AS "state", p."version" AS "current", v."version", c."jwt", c."sha256"
  FROM unnest($1::text[], $2::int[]) AS k("slug", "wanted")
  JOIN "Product" p ON p."slug" = k."slug" AND p."mode" = 'LIVE'
  LEFT JOIN "PassportVersion" v ON v."productId" = p."id" AND v."version" = k."wanted"
  LEFT JOIN "PassportCredential" c ON c."productId" = p."id" AND c."version" = k."wanted"`,
  values: (keys) => [keys.map((k) => k.slug), keys.map((k) => k.version)],
  keyOf: (key) => `${key.version} ${key.slug}`,
  keyOfRow: (row) => `${row.wanted} ${row.slug}`,
});

/**
 * `/api/dpp/{slug}/v/{version}/credential`: the version's signed credential, answered like the version itself
 * (404 for a passport not publicly served, withdrawn included; 404 VERSION_NOT_FOUND for a version never
 * published), and fail-closed (503) when the stored bytes no longer match their recorded SHA-256 or the version
 * has no credential.
 */
export async function publicCredentialBySlug(
  slug: string,
  version: number,
): Promise<{ bytes: Buffer; sha256: string }> {
  if (!isStorableText(slug)) throw productNotFound();
  const row = await credentialBySlug({ slug, version: version > MAX_VERSION ? 0 : version });
  if (!row || row.current < 1 || !isPubliclyServed({ state: row.state as never, version: row.current }))
    throw productNotFound();
  if (row.version === null) throw versionNotFound();
  if (row.jwt === null || row.sha256 === null) throw credentialIntegrityFailure();
  const bytes = Buffer.from(row.jwt, 'utf8');
  const sha256 = sha256Hex(bytes);
  if (sha256 !== row.sha256) throw credentialIntegrityFailure();
  return { bytes, sha256 };
}

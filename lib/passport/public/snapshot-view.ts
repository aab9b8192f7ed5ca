import { ServiceError } from '../../http/errors';
import { getCategorySchema } from '../../schema/categories';
import type { CategorySchema, FieldDefinition } from '../../schema/types';
import { canonicalJson, sha256Hex } from '../canonical-json';
import type { PublicPassport } from './lookup';
import { readVerifiedSnapshot } from './lookup';

// The version column is a PostgreSQL integer: a larger number is well-formed but can never have been published.
const MAX_VERSION = 2_147_483_647;

/**
 * A version is written one way only: decimal digits without sign, leading zero, decimal point or exponent
 * (`1`, `12`; never `01`, `+1`, `1.0`, `1e3`), so each snapshot has exactly one address.
 */
export function parseVersion(raw: string): number {
  if (!/^[1-9][0-9]*$/.test(raw)) {
    throw new ServiceError('INVALID_VERSION', 'The version must be a positive integer such as 1.');
  }
  return raw.length > 10 ? Number.POSITIVE_INFINITY : Number(raw);
}

export const versionNotFound = () => new ServiceError('VERSION_NOT_FOUND', 'This passport was never published in that version.');

const isPublic = (f: FieldDefinition) => f.access === 'public';

/** Public fields only; inside array entries, public members only (under their stored names). */
export function publicFields(schema: CategorySchema, fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of schema.fields) {
    if (!isPublic(field) || !Object.hasOwn(fields, field.id)) continue;
    const value = fields[field.id];
    if (field.type === 'array' && Array.isArray(value) && field.items) {
      const members = field.items.filter(isPublic).map((m) => m.id);
      out[field.id] = value.map((entry) =>
        Object.fromEntries(members.filter((m) => entry && Object.hasOwn(entry, m)).map((m) => [m, (entry as Record<string, unknown>)[m]])),
      );
    } else {
      out[field.id] = value;
    }
  }
  return out;
}

export interface PublicSnapshot {
  version: number;
  publishedAt: string;
  /** Canonical JSON of the snapshot with restricted fields removed: what is served and hashed. */
  bytes: Buffer;
  sha256: string;
}

/**
 * One published version as the public may see it. The stored bytes are verified first (a mismatch fails closed
 * with 503), then stripped with the schema version recorded in the snapshot, never today's schema.
 */
export async function readPublicSnapshot(productId: string, version: number): Promise<PublicSnapshot | null> {
  if (version > MAX_VERSION) return null;
  const snapshot = await readVerifiedSnapshot(productId, version);
  if (!snapshot) return null;
  const document = snapshot.document as Record<string, unknown> & { fields: Record<string, unknown>; schemaVersion: number; batteryCategory: string };
  const schema = getCategorySchema(document.batteryCategory, document.schemaVersion);
  if (!schema) throw new Error(`No field schema ${document.batteryCategory} v${document.schemaVersion}`);
  const bytes = Buffer.from(canonicalJson({ ...document, fields: publicFields(schema, document.fields ?? {}) }), 'utf8');
  return { version, publishedAt: snapshot.row.publishedAt.toISOString(), bytes, sha256: sha256Hex(bytes) };
}

export interface VersionListing {
  version: number;
  publishedAt: string;
  sha256: string;
  byteLength: number;
  url: string;
}

/** Every published version, with the hash and size of the bytes `/v/{version}` serves (not of the stored, all-tier bytes). */
export async function listPublicVersions(passport: PublicPassport): Promise<VersionListing[]> {
  const listing: VersionListing[] = [];
  for (const { version } of passport.versions) {
    const snapshot = await readPublicSnapshot(passport.product.id, version);
    if (!snapshot) continue;
    listing.push({
      version,
      publishedAt: snapshot.publishedAt,
      sha256: snapshot.sha256,
      byteLength: snapshot.bytes.byteLength,
      url: `/api/dpp/${encodeURIComponent(passport.product.slug)}/v/${version}`,
    });
  }
  return listing;
}

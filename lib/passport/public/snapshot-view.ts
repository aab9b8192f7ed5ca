import { config } from '../../config';
import { sqlRows, utcColumn } from '../../db/sql';
import { ServiceError } from '../../http/errors';
import { getCategorySchema } from '../../schema/categories';
import { isStorableText } from '../../storable-text';
import { isPubliclyServed } from '../states';
import type { CategorySchema, FieldDefinition } from '../../schema/types';
import { canonicalJson, sha256Hex } from '../canonical-json';
import type { PublicPassport } from './lookup';
import { readVerifiedSnapshot, verifiedSnapshotBytes } from './lookup';
import { productNotFound } from './served';
import { createStampedCache, type StampedCache } from './stamped-cache';

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
  return publicView(snapshot.bytes, snapshot.row);
}

function publicView(stored: Buffer, row: { version: number; publishedAt: Date }): PublicSnapshot {
  const document = JSON.parse(stored.toString('utf8')) as Record<string, unknown> & { fields: Record<string, unknown>; schemaVersion: number; batteryCategory: string };
  const schema = getCategorySchema(document.batteryCategory, document.schemaVersion);
  if (!schema) throw new Error(`No field schema ${document.batteryCategory} v${document.schemaVersion}`);
  const bytes = Buffer.from(canonicalJson({ ...document, fields: publicFields(schema, document.fields ?? {}) }), 'utf8');
  return { version: row.version, publishedAt: row.publishedAt.toISOString(), bytes, sha256: sha256Hex(bytes) };
}

interface SnapshotRow {
  id: string;
  state: string;
  current: number;
  version: number;
  snapshot: Uint8Array | null;
  sha256: string;
  byteLength: number;
  publishedAt: Date;
}

// Versions never change: a public view, once made from verified bytes, holds for as long as those bytes do.
const VIEWS = Symbol.for('battery-passport-service.public-snapshot-views');
type Holder = { [VIEWS]?: StampedCache<PublicSnapshot> };
function views(): StampedCache<PublicSnapshot> {
  const holder = globalThis as Holder;
  return (holder[VIEWS] ??= createStampedCache({ maxEntries: config().PUBLIC_CACHE_ENTRIES, ttlMs: Number.POSITIVE_INFINITY }));
}

const SNAPSHOT_BY_SLUG = `
  SELECT p."id", p."state"::text AS "state", p."version" AS "current", v."version", v."snapshot", v."sha256",
         v."byteLength", ${utcColumn('v', 'publishedAt')}
  FROM "Product" p LEFT JOIN "PassportVersion" v ON v."productId" = p."id" AND v."version" = $2
  WHERE p."slug" = $1 AND p."mode" = 'LIVE'`;

/**
 * `/api/dpp/{slug}/v/{version}` in one query: the product's state and the requested snapshot together. Served only
 * while the passport is published (404 otherwise, withdrawn included); the stored bytes are checked against their
 * hash on every read, and the public view of verified bytes is made once per snapshot.
 */
export async function publicSnapshotBySlug(slug: string, version: number): Promise<PublicSnapshot> {
  if (!isStorableText(slug)) throw productNotFound();
  const wanted = version > MAX_VERSION ? 0 : version;
  const [row] = await sqlRows<SnapshotRow>({ name: 'public-snapshot', text: SNAPSHOT_BY_SLUG, values: [slug, wanted] });
  if (!row || row.current < 1 || !isPubliclyServed({ state: row.state as never, version: row.current })) throw productNotFound();
  if (row.snapshot === null) throw versionNotFound();
  const stored = verifiedSnapshotBytes({ ...row, snapshot: row.snapshot });
  const key = `${row.id}:${row.version}`;
  const cached = views().get(key, row.sha256);
  if (cached) return cached;
  const view = publicView(stored, row);
  views().set(key, row.sha256, view);
  return view;
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

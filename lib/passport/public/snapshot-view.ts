import { batchedLookup } from '../../db/batch';
import { type Db, prisma, type Tx } from '../../db/client';
import { rowsOn, type SqlDb, sqlRows, utcColumn } from '../../db/sql';
import { ServiceError } from '../../errors';
import { logger } from '../../log';
import { getCategorySchema } from '../../schema/categories';
import type { CategorySchema, FieldDefinition } from '../../schema/types';
import { isStorableText } from '../../storable-text';
import { canonicalJson, sha256Hex } from '../canonical-json';
import { isPubliclyServed } from '../states';
import type { PublicPassport } from './lookup';
import { readVerifiedSnapshot, snapshotIntegrityFailure } from './lookup';
import { productNotFound } from './served';

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

export const versionNotFound = () =>
  new ServiceError('VERSION_NOT_FOUND', 'This passport was never published in that version.');

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
        Object.fromEntries(
          members
            .filter((m) => entry && Object.hasOwn(entry, m))
            .map((m) => [m, (entry as Record<string, unknown>)[m]]),
        ),
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

/** A version's public view made from its verified snapshot, with the recorded hash of the bytes it was made from. */
export interface DerivedSnapshot extends PublicSnapshot {
  sourceSha256: string;
}

/**
 * One published version as the public may see it, made from its snapshot: the stored bytes are verified first (a
 * mismatch fails closed with 503), then stripped with the schema version recorded in the snapshot, never today's.
 */
export async function readPublicSnapshot(
  productId: string,
  version: number,
  db: Db | Tx = prisma,
): Promise<DerivedSnapshot | null> {
  if (version > MAX_VERSION) return null;
  const snapshot = await readVerifiedSnapshot(productId, version, db);
  if (!snapshot) return null;
  return {
    version: snapshot.row.version,
    publishedAt: snapshot.row.publishedAt.toISOString(),
    ...publicViewOf(snapshot.bytes),
    sourceSha256: snapshot.row.sha256,
  };
}

/** The public view of verified snapshot bytes: its canonical bytes and their SHA-256. */
export function publicViewOf(stored: Buffer): { bytes: Buffer; sha256: string } {
  const document = JSON.parse(stored.toString('utf8')) as Record<string, unknown> & {
    fields: Record<string, unknown>;
    schemaVersion: number;
    batteryCategory: string;
  };
  const schema = getCategorySchema(document.batteryCategory, document.schemaVersion);
  if (!schema) throw new Error(`No field schema ${document.batteryCategory} v${document.schemaVersion}`);
  const bytes = Buffer.from(
    canonicalJson({ ...document, fields: publicFields(schema, document.fields ?? {}) }),
    'utf8',
  );
  return { bytes, sha256: sha256Hex(bytes) };
}

/**
 * Stores `view`, the public view of one version made from its verified snapshot bytes, whose recorded hash is
 * `sourceSha256`. Publication calls it in the commit that writes the version; a read that finds no usable view
 * stores the one it made.
 */
export async function storePublicView(
  db: SqlDb,
  version: { productId: string; version: number; sourceSha256: string },
  view: { bytes: Buffer; sha256: string },
): Promise<void> {
  await rowsOn(db, {
    name: 'public-view-store',
    text: STORE_VIEW,
    values: [version.productId, version.version, view.bytes.toString('utf8'), view.sha256, version.sourceSha256],
  });
}

const STORE_VIEW = `
  INSERT INTO "PublicSnapshot" ("productId", "version", "body", "sha256", "sourceSha256", "builtAt")
  VALUES ($1::uuid, $2, $3, $4, $5, now())
  ON CONFLICT ("productId", "version") DO UPDATE SET
    "body" = EXCLUDED."body", "sha256" = EXCLUDED."sha256", "sourceSha256" = EXCLUDED."sourceSha256", "builtAt" = EXCLUDED."builtAt"`;

/** A version with the database's check of its stored bytes and its stored public view, if any. */
interface VersionViewRow {
  version: number;
  publishedAt: Date;
  intact: boolean;
  sourceSha256: string;
  body: string | null;
  sha256: string | null;
  viewSource: string | null;
}

/*
 * The columns of a version (alias v) and its stored view (alias s): PostgreSQL checks the stored bytes against
 * their recorded hash and length, so the snapshot itself never travels.
 */
const VERSION_VIEW_COLUMNS = `v."version", ${utcColumn('v', 'publishedAt')},
  (encode(sha256(v."snapshot"), 'hex') = v."sha256" AND octet_length(v."snapshot") = v."byteLength") AS "intact",
  v."sha256" AS "sourceSha256", s."body", s."sha256", s."sourceSha256" AS "viewSource"`;
const VIEW_OF_VERSION = `LEFT JOIN "PublicSnapshot" s ON s."productId" = v."productId" AND s."version" = v."version"`;

/**
 * What a version serves: its stored view when that was made from these snapshot bytes and still matches its
 * hash, else a view made again from the verified snapshot and stored (never the stored one as found). Tampered
 * snapshot bytes fail closed with 503.
 */
async function servedView(productId: string, row: VersionViewRow): Promise<PublicSnapshot> {
  if (!row.intact) throw snapshotIntegrityFailure();
  if (row.body !== null && row.sha256 !== null && row.viewSource === row.sourceSha256) {
    const bytes = Buffer.from(row.body, 'utf8');
    if (sha256Hex(bytes) === row.sha256) {
      return { version: row.version, publishedAt: row.publishedAt.toISOString(), bytes, sha256: row.sha256 };
    }
    logger().warn({ productId, version: row.version }, 'stored public view does not match its hash; making it again');
  }
  const derived = await readPublicSnapshot(productId, row.version);
  if (!derived) throw versionNotFound();
  const { sourceSha256, ...view } = derived;
  // Storing is an optimisation: a failure costs the next read the same work, never this answer.
  await storePublicView(prisma, { productId, version: row.version, sourceSha256 }, view).catch((err: unknown) =>
    logger().warn({ err, productId, version: row.version }, 'public view not stored'),
  );
  return view;
}

type NullableVersion = { [K in keyof VersionViewRow]: VersionViewRow[K] | null };

type SnapshotRow = NullableVersion & { slug: string; wanted: number; id: string; state: string; current: number };

/**
 * The product's state, the requested version and its stored view, for every (slug, version) a turn of the event
 * loop asked for: one query (lib/db/batch.ts).
 */
const snapshotBySlug = batchedLookup<{ slug: string; version: number }, SnapshotRow>({
  name: 'public-snapshots',
  text: `
  SELECT k."slug", k."wanted", p."id", p."state"::text AS "state", p."version" AS "current", ${VERSION_VIEW_COLUMNS}
  FROM unnest($1::text[], $2::int[]) AS k("slug", "wanted")
  JOIN "Product" p ON p."slug" = k."slug" AND p."mode" = 'LIVE'
  LEFT JOIN "PassportVersion" v ON v."productId" = p."id" AND v."version" = k."wanted"
  ${VIEW_OF_VERSION}`,
  values: (keys) => [keys.map((k) => k.slug), keys.map((k) => k.version)],
  keyOf: (key) => `${key.version} ${key.slug}`,
  keyOfRow: (row) => `${row.wanted} ${row.slug}`,
});

/**
 * `/api/dpp/{slug}/v/{version}` in one query: the product's state, the requested version and its stored public
 * view together. Served only while the passport is published (404 otherwise, withdrawn included); see `servedView`
 * for the checks every read makes.
 */
export async function publicSnapshotBySlug(slug: string, version: number): Promise<PublicSnapshot> {
  if (!isStorableText(slug)) throw productNotFound();
  const row = await snapshotBySlug({ slug, version: version > MAX_VERSION ? 0 : version });
  if (!row || row.current < 1 || !isPubliclyServed({ state: row.state as never, version: row.current }))
    throw productNotFound();
  if (row.version === null || row.publishedAt === null || row.sourceSha256 === null || row.intact === null)
    throw versionNotFound();
  return servedView(row.id, row as VersionViewRow);
}

/** Every version of a product with its stored view, oldest first: one query. */
const VERSIONS_OF_PRODUCT = `
  SELECT ${VERSION_VIEW_COLUMNS}
  FROM "PassportVersion" v
  ${VIEW_OF_VERSION}
  WHERE v."productId" = $1::uuid
  ORDER BY v."version"`;

export interface VersionListing {
  version: number;
  publishedAt: string;
  sha256: string;
  byteLength: number;
  url: string;
  /** The version's signed credential (application/vc+jwt) */
  credential: string;
}

/**
 * Every published version, with the hash and size of the bytes `/v/{version}` serves (not of the stored, all-tier
 * bytes): one query, and the same checks as `/v/{version}` (a tampered snapshot fails the listing closed with 503).
 */
export async function listPublicVersions(passport: PublicPassport): Promise<VersionListing[]> {
  const { id, slug } = passport.product;
  const rows = await sqlRows<VersionViewRow>({ name: 'public-versions', text: VERSIONS_OF_PRODUCT, values: [id] });
  const listing: VersionListing[] = [];
  for (const row of rows) {
    const view = await servedView(id, row);
    listing.push({
      version: view.version,
      publishedAt: view.publishedAt,
      sha256: view.sha256,
      byteLength: view.bytes.byteLength,
      url: `/api/dpp/${encodeURIComponent(slug)}/v/${view.version}`,
      credential: `/api/dpp/${encodeURIComponent(slug)}/v/${view.version}/credential`,
    });
  }
  return listing;
}

import { config } from '../../config';
import { prisma } from '../../db/client';
import type { Prisma } from '../../db/generated/client';
import { passportPath } from '../../gs1/digital-link';
import { ServiceError } from '../../http/errors';
import { getCategorySchema } from '../../schema/categories';
import type { CategorySchema } from '../../schema/types';
import { sha256Hex } from '../canonical-json';
import { isPubliclyServed } from '../states';
import { buildPublicDpp, type PublicDpp } from './document';
import { findProductByKey, type PassportKey } from './product-by-key';
import { createStampedCache, type StampedCache } from './stamped-cache';

export interface VersionSummary {
  version: number;
  publishedAt: string;
  sha256: string;
  byteLength: number;
}

export interface Withdrawal {
  reason: string;
  withdrawnAt: string;
  operatorDetails: string | null;
  successorUrl: string | null;
  successorName: string | null;
  manufacturerContact: string | null;
}

export interface PublicPassport {
  dpp: PublicDpp;
  product: { id: string; slug: string; name: string; gtin: string | null; serialNumber: string | null; batchNumber: string | null; path: string; companyName: string };
  schema: CategorySchema;
  /** Every field (all tiers) of the served version with current dynamic values: callers filter by tier. */
  fields: Record<string, unknown>;
  versions: VersionSummary[];
}

export type PublicLookup =
  | { kind: 'published'; passport: PublicPassport }
  | { kind: 'withdrawn'; passport: PublicPassport; withdrawal: Withdrawal }
  | { kind: 'not_found' };

export type { PassportKey } from './product-by-key';

const select = {
  id: true, slug: true, name: true, state: true, version: true, gtin: true, serialNumber: true, batchNumber: true,
  formData: true, publishedAt: true, updatedAt: true, createdAt: true, revision: true, withdrawnAt: true, withdrawalReason: true,
  withdrawalOperatorDetails: true, withdrawalManufacturerContact: true,
  category: { select: { code: true } },
  company: { select: { name: true } },
  successor: { select: { slug: true, name: true, gtin: true, serialNumber: true, batchNumber: true, state: true, version: true } },
  versions: { select: { version: true, publishedAt: true, sha256: true, byteLength: true }, orderBy: { version: 'asc' } },
} satisfies Prisma.ProductSelect;

type Row = Prisma.ProductGetPayload<{ select: typeof select }>;

// On globalThis: the route handlers and the pages are separate bundles; one cache per process serves them all.
const SHARED = Symbol.for('battery-passport-service.public-passport-cache');
type Holder = { [SHARED]?: StampedCache<PublicLookup> };

function publicCache(): StampedCache<PublicLookup> {
  const holder = globalThis as Holder;
  const cfg = config();
  return (holder[SHARED] ??= createStampedCache({ maxEntries: cfg.PUBLIC_CACHE_ENTRIES, ttlMs: cfg.PUBLIC_CACHE_TTL_SECONDS * 1000 }));
}

/** Tests that switch the cache's configuration start from an empty one. */
export function resetPublicCacheForTests(): void {
  delete (globalThis as Holder)[SHARED];
}

const stampOf = (row: { id: string; revision: number }) => `${row.id}:${row.revision}`;

/**
 * The public lookup every public surface makes. One light read of the product's revision (bumped by a trigger on
 * every change, whoever makes it) decides whether the document built last time is still the current one; only a
 * published passport is kept, so a withdrawal, a new version or a BMS value is seen by the very next read.
 * Callers must treat the answer as read-only: it may be shared with other requests.
 */
export async function findPublicPassport(key: PassportKey): Promise<PublicLookup> {
  const cache = publicCache();
  const cacheKey = JSON.stringify(key);
  const head = await findProductByKey(key, { id: true, revision: true, serialNumber: true, batchNumber: true });
  if (!head) return { kind: 'not_found' };
  const hit = cache.get(cacheKey, stampOf(head));
  if (hit) return hit;
  const { lookup, stamp } = await loadPublicPassport(key);
  if (lookup.kind === 'published' && stamp) cache.set(cacheKey, stamp, lookup);
  return lookup;
}

/** The full read behind the cache: the product, its served snapshot (hash verified) and its version list. */
async function loadPublicPassport(key: PassportKey): Promise<{ lookup: PublicLookup; stamp?: string }> {
  const row = await findProductByKey(key, select);
  if (!row || row.version < 1) return { lookup: { kind: 'not_found' } };
  const withdrawn = row.state === 'WITHDRAWN';
  if (!withdrawn && !isPubliclyServed(row)) return { lookup: { kind: 'not_found' } };
  const passport = await buildPassport(row);
  if (!withdrawn) return { lookup: { kind: 'published', passport }, stamp: stampOf(row) };
  const successor = row.successor && (isPubliclyServed(row.successor) ? row.successor : null);
  const withdrawal: Withdrawal = {
    reason: row.withdrawalReason ?? 'Withdrawn by the manufacturer.',
    withdrawnAt: (row.withdrawnAt ?? row.updatedAt).toISOString(),
    operatorDetails: row.withdrawalOperatorDetails,
    successorUrl: successor ? passportPath(successor) : null,
    successorName: successor?.name ?? null,
    manufacturerContact: row.withdrawalManufacturerContact,
  };
  return { lookup: { kind: 'withdrawn', passport, withdrawal } };
}

/** Reads the served version's snapshot, refusing bytes that no longer match their recorded hash. */
export async function readVerifiedSnapshot(productId: string, version: number) {
  const row = await prisma.passportVersion.findUnique({ where: { productId_version: { productId, version } } });
  if (!row) return null;
  const bytes = Buffer.from(row.snapshot);
  if (sha256Hex(bytes) !== row.sha256 || bytes.byteLength !== row.byteLength) {
    throw new ServiceError('SNAPSHOT_INTEGRITY_FAILURE', 'The stored passport cannot be served intact. Try again later.');
  }
  return { row, bytes, document: JSON.parse(bytes.toString('utf8')) as { fields: Record<string, unknown>; schemaVersion: number } };
}

async function buildPassport(row: Row): Promise<PublicPassport> {
  const snapshot = await readVerifiedSnapshot(row.id, row.version);
  if (!snapshot) throw new ServiceError('SNAPSHOT_INTEGRITY_FAILURE', 'The published version is missing.');
  const schema = getCategorySchema(row.category.code, snapshot.document.schemaVersion);
  if (!schema) throw new Error(`No field schema ${row.category.code} v${snapshot.document.schemaVersion}`);
  // Dynamic values (BMS telemetry) change after publication: the current ones are laid over the snapshot.
  const current = row.formData as Record<string, unknown>;
  const fields = { ...snapshot.document.fields };
  for (const f of schema.fields) if (f.dynamic && Object.hasOwn(current, f.id)) fields[f.id] = current[f.id];
  const dpp = buildPublicDpp(schema, {
    id: row.id,
    slug: row.slug,
    productName: row.name,
    batteryCategory: row.category.code,
    version: row.version,
    fields,
    publishedAt: row.publishedAt ?? snapshot.row.publishedAt,
    updatedAt: row.updatedAt,
    createdAt: row.createdAt,
  });
  return {
    dpp,
    product: {
      id: row.id, slug: row.slug, name: row.name, gtin: row.gtin, serialNumber: row.serialNumber,
      batchNumber: row.batchNumber, path: passportPath(row), companyName: row.company.name,
    },
    schema,
    fields,
    versions: row.versions.map((v) => ({ version: v.version, publishedAt: v.publishedAt.toISOString(), sha256: v.sha256, byteLength: v.byteLength })),
  };
}

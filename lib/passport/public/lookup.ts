import { config } from '../../config';
import { type Db, prisma, type Tx } from '../../db/client';
import type { Prisma } from '../../db/generated/client';
import { ServiceError } from '../../errors';
import { passportPath } from '../../gs1/digital-link';
import { getCategorySchema } from '../../schema/categories';
import type { CategorySchema } from '../../schema/types';
import { sha256Hex } from '../canonical-json';
import { isPubliclyServed } from '../states';
import type { PublicSuccession } from './document';
import {
  buildPublicDpp,
  type PublicContinuity,
  type PublicDpp,
  type PublicEndOfLife,
  type PublicModelReference,
} from './document';
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

/** The signed credential of the served version: where it is (relative to the service) and when it was signed. */
export interface ServedCredential {
  url: string;
  signedAt: string;
}

export interface PublicPassport {
  dpp: PublicDpp;
  product: {
    id: string;
    slug: string;
    name: string;
    gtin: string | null;
    serialNumber: string | null;
    batchNumber: string | null;
    path: string;
    companyName: string;
  };
  schema: CategorySchema;
  /** Every field (all tiers) of the served version with current dynamic values: callers filter by tier. */
  fields: Record<string, unknown>;
  versions: VersionSummary[];
  /**
   * The served version's credential, when the passport is published and that version has one (versions published
   * before credentials existed get theirs from the backfill job); null otherwise.
   */
  credential: ServedCredential | null;
}

export type PublicLookup =
  | { kind: 'published'; passport: PublicPassport }
  | { kind: 'withdrawn'; passport: PublicPassport; withdrawal: Withdrawal }
  | { kind: 'not_found' };

export type { PassportKey } from './product-by-key';

const select = {
  id: true,
  slug: true,
  name: true,
  state: true,
  version: true,
  gtin: true,
  serialNumber: true,
  batchNumber: true,
  formData: true,
  publishedAt: true,
  updatedAt: true,
  createdAt: true,
  revision: true,
  withdrawnAt: true,
  withdrawalReason: true,
  withdrawalOperatorDetails: true,
  withdrawalManufacturerContact: true,
  handoverReason: true,
  handedOverAt: true,
  statedSuccessorUri: true,
  handoverIn: {
    select: {
      reason: true,
      product: { select: { slug: true, name: true, gtin: true, serialNumber: true, batchNumber: true } },
    },
  },
  recycledAt: true,
  recycledRetainUntil: true,
  recycledNote: true,
  category: { select: { code: true } },
  company: { select: { name: true, ceasedAt: true, backupUrl: true } },
  successor: {
    select: { slug: true, name: true, gtin: true, serialNumber: true, batchNumber: true, state: true, version: true },
  },
  versions: {
    select: { version: true, publishedAt: true, sha256: true, byteLength: true },
    orderBy: { version: 'asc' },
  },
} satisfies Prisma.ProductSelect;

type Row = Prisma.ProductGetPayload<{ select: typeof select }>;

// On globalThis: the route handlers and the pages are separate bundles; one cache per process serves them all.
const SHARED = Symbol.for('battery-passport-service.public-passport-cache');
type Holder = { [SHARED]?: StampedCache<PublicLookup> };

function publicCache(): StampedCache<PublicLookup> {
  const holder = globalThis as Holder;
  const cfg = config();
  return (holder[SHARED] ??= createStampedCache({
    maxEntries: cfg.PUBLIC_CACHE_ENTRIES,
    ttlMs: cfg.PUBLIC_CACHE_TTL_SECONDS * 1000,
  }));
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
  return (await lookupPublicPassport(key)).lookup;
}

/** The same, with the product revision the answer was built from (none when nothing was found). */
export async function lookupPublicPassport(key: PassportKey): Promise<LoadedLookup> {
  const cache = publicCache();
  const cacheKey = JSON.stringify(key);
  const head = await findProductByKey(key, { id: true, revision: true, serialNumber: true, batchNumber: true });
  if (!head) return { lookup: { kind: 'not_found' } };
  const hit = cache.get(cacheKey, stampOf(head));
  if (hit) return { lookup: hit, revision: head.revision };
  const loaded = await loadPublicPassport(key);
  if (loaded.lookup.kind === 'published' && loaded.revision !== undefined) {
    cache.set(cacheKey, stampOf({ id: loaded.lookup.passport.product.id, revision: loaded.revision }), loaded.lookup);
  }
  return loaded;
}

export interface LoadedLookup {
  lookup: PublicLookup;
  /** The product's revision the lookup reflects. */
  revision?: number;
}

/**
 * The full read behind the cache: the product, its served snapshot (hash verified) and its version list. `db` may
 * be a transaction, which then sees its own uncommitted changes (publication writes the document this way).
 */
export async function loadPublicPassport(key: PassportKey, db: Db | Tx = prisma): Promise<LoadedLookup> {
  const row = await findProductByKey(key, select, db);
  if (!row || row.version < 1) return { lookup: { kind: 'not_found' }, revision: row?.revision };
  const withdrawn = row.state === 'WITHDRAWN';
  if (!withdrawn && !isPubliclyServed(row)) return { lookup: { kind: 'not_found' }, revision: row.revision };
  const passport = await buildPassport(row, db, !withdrawn);
  if (!withdrawn) return { lookup: { kind: 'published', passport }, revision: row.revision };
  const successor = row.successor && (isPubliclyServed(row.successor) ? row.successor : null);
  const withdrawal: Withdrawal = {
    reason: row.withdrawalReason ?? 'Withdrawn by the manufacturer.',
    withdrawnAt: (row.withdrawnAt ?? row.updatedAt).toISOString(),
    operatorDetails: row.withdrawalOperatorDetails,
    successorUrl: successor ? passportPath(successor) : null,
    successorName: successor?.name ?? null,
    manufacturerContact: row.withdrawalManufacturerContact,
  };
  return { lookup: { kind: 'withdrawn', passport, withdrawal }, revision: row.revision };
}

/** Reads the served version's snapshot, refusing bytes that no longer match their recorded hash. */
export async function readVerifiedSnapshot(productId: string, version: number, db: Db | Tx = prisma) {
  const row = await db.passportVersion.findUnique({ where: { productId_version: { productId, version } } });
  if (!row) return null;
  return verifiedSnapshot(row);
}

/** A stored snapshot row whose bytes still match their recorded hash and length, parsed; fails closed otherwise. */
export function verifiedSnapshot<R extends { snapshot: Uint8Array; sha256: string; byteLength: number }>(row: R) {
  const bytes = verifiedSnapshotBytes(row);
  return {
    row,
    bytes,
    document: JSON.parse(bytes.toString('utf8')) as {
      fields: Record<string, unknown>;
      schemaVersion: number;
      model?: { slug: string; name: string; version: number };
    },
  };
}

/** The 503 of a stored snapshot whose bytes no longer match their recorded hash and length. */
export const snapshotIntegrityFailure = () =>
  new ServiceError('SNAPSHOT_INTEGRITY_FAILURE', 'The stored passport cannot be served intact. Try again later.');

/** The stored bytes, after checking them against their recorded hash and length (503 when they differ). */
function verifiedSnapshotBytes(row: { snapshot: Uint8Array; sha256: string; byteLength: number }): Buffer {
  const bytes = Buffer.from(row.snapshot);
  if (sha256Hex(bytes) !== row.sha256 || bytes.byteLength !== row.byteLength) throw snapshotIntegrityFailure();
  return bytes;
}

/** An item's model version as the public JSON names it, with the address of that version's own JSON. */
function modelOf(model: { slug: string; name: string; version: number } | undefined): PublicModelReference | null {
  if (!model) return null;
  const url = `${config().BASE_URL}/api/dpp/${encodeURIComponent(model.slug)}/v/${model.version}`;
  return { slug: model.slug, name: model.name, version: model.version, url };
}

/** A ceased company's passport names its address at the company's back-up; null while the company operates. */
function continuityOf(company: Row['company'], path: string): PublicContinuity | null {
  if (!company.ceasedAt || !company.backupUrl) return null;
  return { operatorCeasedAt: company.ceasedAt.toISOString(), backupUrl: `${company.backupUrl}${path}` };
}

/** A recycled battery's end of life as the public documents state it; null for a battery still in use. */
function endOfLifeOf(row: Row): PublicEndOfLife | null {
  if (!row.recycledAt) return null;
  return {
    status: 'recycled',
    recycledAt: row.recycledAt.toISOString(),
    readableUntil: (row.recycledRetainUntil ?? row.recycledAt).toISOString(),
    note: row.recycledNote,
  };
}

const REASON_NAMES = {
  PREPARED_FOR_REUSE: 'prepared_for_reuse',
  REPURPOSED: 'repurposed',
  REMANUFACTURED: 'remanufactured',
} as const;

/**
 * The handover between operators as the public documents state it (docs/decisions.md, "Handover between
 * operators"): the original names its successor once that is published (or the address its operator stated), the
 * successor names its original. Neither depends on the other's state, so neither goes stale when the other changes.
 */
function successionOf(row: Row): PublicSuccession | null {
  const base = config().BASE_URL.replace(/\/+$/, '');
  const succession: PublicSuccession = {};
  if (row.handoverReason) {
    succession.status = REASON_NAMES[row.handoverReason];
    succession.handedOverAt = (row.handedOverAt ?? row.updatedAt).toISOString();
    if (row.statedSuccessorUri)
      succession.successor = {
        url: row.statedSuccessorUri,
        name: null,
        verified: false,
        statedBy: 'previous_operator',
      };
    else if (row.successor)
      succession.successor = {
        url: `${base}${passportPath(row.successor)}`,
        name: row.successor.name,
        verified: true,
        statedBy: null,
      };
  }
  if (row.handoverIn) {
    succession.predecessor = {
      url: `${base}${passportPath(row.handoverIn.product)}`,
      name: row.handoverIn.product.name,
      reason: REASON_NAMES[row.handoverIn.reason],
    };
  }
  return Object.keys(succession).length > 0 ? succession : null;
}

/** The served version's credential: one primary-key read, made only when the passport is published. */
async function servedCredential(row: Row, db: Db | Tx): Promise<ServedCredential | null> {
  const found = await db.passportCredential.findUnique({
    where: { productId_version: { productId: row.id, version: row.version } },
    select: { issuedAt: true },
  });
  if (!found) return null;
  return {
    url: `/api/dpp/${encodeURIComponent(row.slug)}/v/${row.version}/credential`,
    signedAt: found.issuedAt.toISOString(),
  };
}

async function buildPassport(row: Row, db: Db | Tx, published: boolean): Promise<PublicPassport> {
  const snapshot = await readVerifiedSnapshot(row.id, row.version, db);
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
    model: modelOf(snapshot.document.model),
    continuity: continuityOf(row.company, passportPath(row)),
    succession: successionOf(row),
    endOfLife: endOfLifeOf(row),
  });
  return {
    dpp,
    product: {
      id: row.id,
      slug: row.slug,
      name: row.name,
      gtin: row.gtin,
      serialNumber: row.serialNumber,
      batchNumber: row.batchNumber,
      path: passportPath(row),
      companyName: row.company.name,
    },
    schema,
    fields,
    versions: row.versions.map((v) => ({
      version: v.version,
      publishedAt: v.publishedAt.toISOString(),
      sha256: v.sha256,
      byteLength: v.byteLength,
    })),
    // In sequence, not side by side: `db` may be a transaction, whose connection runs one query at a time.
    credential: published ? await servedCredential(row, db) : null,
  };
}

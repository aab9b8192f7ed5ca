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
  formData: true, publishedAt: true, updatedAt: true, createdAt: true, withdrawnAt: true, withdrawalReason: true,
  withdrawalOperatorDetails: true, withdrawalManufacturerContact: true,
  category: { select: { code: true } },
  company: { select: { name: true } },
  successor: { select: { slug: true, name: true, gtin: true, serialNumber: true, batchNumber: true, state: true, version: true } },
  versions: { select: { version: true, publishedAt: true, sha256: true, byteLength: true }, orderBy: { version: 'asc' } },
} satisfies Prisma.ProductSelect;

type Row = Prisma.ProductGetPayload<{ select: typeof select }>;

export async function findPublicPassport(key: PassportKey): Promise<PublicLookup> {
  const row = await findProductByKey(key, select);
  if (!row || row.version < 1) return { kind: 'not_found' };
  const withdrawn = row.state === 'WITHDRAWN';
  if (!withdrawn && !isPubliclyServed(row)) return { kind: 'not_found' };
  const passport = await buildPassport(row);
  if (!withdrawn) return { kind: 'published', passport };
  const successor = row.successor && (isPubliclyServed(row.successor) ? row.successor : null);
  return {
    kind: 'withdrawn',
    passport,
    withdrawal: {
      reason: row.withdrawalReason ?? 'Withdrawn by the manufacturer.',
      withdrawnAt: (row.withdrawnAt ?? row.updatedAt).toISOString(),
      operatorDetails: row.withdrawalOperatorDetails,
      successorUrl: successor ? passportPath(successor) : null,
      successorName: successor?.name ?? null,
      manufacturerContact: row.withdrawalManufacturerContact,
    },
  };
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

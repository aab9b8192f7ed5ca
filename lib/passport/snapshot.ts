import type { Tx } from '../db/client';
import { canonicalJson, sha256Hex } from './canonical-json';

export const SNAPSHOT_FORMAT = 'battery-passport-snapshot/1';

/** Everything needed to build a snapshot: the product row with its company and category. */
export interface SnapshotSource {
  id: string;
  slug: string;
  name: string;
  mode: string;
  gtin: string | null;
  serialNumber: string | null;
  batchNumber: string | null;
  schemaVersion: number;
  formData: unknown;
  createdAt: Date;
  publishedAt: Date | null;
  category: { code: string };
  /** Items only: the model version whose fields are merged into `formData` (recorded as the snapshot's `model`). */
  model?: { id: string; slug: string; name: string; version: number } | null;
  company: {
    id: string;
    slug: string;
    name: string;
    country: string | null;
    registrationNumber: string | null;
    contactEmail: string | null;
    website: string | null;
    address: string | null;
  };
}

/**
 * The full passport at one publication, every access tier included: public reads strip restricted fields at
 * read time using the schema version recorded here, so a later schema change never alters what was published.
 */
export function buildSnapshot(p: SnapshotSource, version: number, publishedAt: Date) {
  return {
    format: SNAPSHOT_FORMAT,
    id: p.id,
    slug: p.slug,
    productName: p.name,
    batteryCategory: p.category.code,
    schemaVersion: p.schemaVersion,
    version,
    identifiers: { gtin: p.gtin, serialNumber: p.serialNumber, batchNumber: p.batchNumber },
    operator: {
      id: p.company.id,
      name: p.company.name,
      country: p.company.country,
      registrationNumber: p.company.registrationNumber,
      contactEmail: p.company.contactEmail,
      website: p.company.website,
      address: p.company.address,
    },
    fields: p.formData ?? {},
    createdAt: p.createdAt,
    firstPublishedAt: p.publishedAt ?? publishedAt,
    publishedAt,
    // Only items carry it, so every other snapshot keeps exactly the members it always had.
    ...(p.model ? { model: { id: p.model.id, slug: p.model.slug, name: p.model.name, version: p.model.version } } : {}),
  };
}

/** Serialises the snapshot once to canonical bytes and stores them with their SHA-256 (append-only row); returns the bytes too. */
export async function writeSnapshot(
  tx: Tx,
  p: SnapshotSource,
  opts: { version: number; publishedAt: Date; publishedById: string | null },
) {
  const bytes = Buffer.from(canonicalJson(buildSnapshot(p, opts.version, opts.publishedAt)), 'utf8');
  const row = await tx.passportVersion.create({
    data: {
      productId: p.id,
      version: opts.version,
      snapshot: bytes,
      sha256: sha256Hex(bytes),
      byteLength: bytes.byteLength,
      schemaVersion: p.schemaVersion,
      publishedAt: opts.publishedAt,
      publishedById: opts.publishedById,
    },
    select: { version: true, sha256: true, byteLength: true, publishedAt: true },
  });
  return { ...row, bytes };
}

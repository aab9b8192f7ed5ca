import { sha256Hex } from '../crypto/secrets';

// The canonical encoding of the audit and version chains, the same as the SQL functions of migration
// 20261126100000_audit_chain (chain_field, chain_time, audit_personal_digest, audit_chain_hash, version_chain_hash)
// and docs/data-model.md ("Audit chain"). Recomputed here from column values alone, never with the database's help.

/** The prevHash of a chain's first link. */
export const GENESIS_HASH = '0'.repeat(64);

/** One field: `-` for NULL, else the UTF-8 octet length, a colon and the text. */
export function chainField(value: string | null): string {
  return value === null ? '-' : `${Buffer.byteLength(value, 'utf8')}:${value}`;
}

/** A timestamp(3) column (UTC, as Prisma stores it) as to_char(at, 'YYYY-MM-DD"T"HH24:MI:SS.US') writes it. */
export function chainTime(at: Date): string {
  return `${at.toISOString().slice(0, 23)}000`;
}

const hashOf = (fields: (string | null)[]) => sha256Hex(fields.map(chainField).join(''));

/** The digest of the columns GDPR erasure may pseudonymise; `eventContext` is the jsonb column's text. */
export function personalDigest(actorId: string | null, eventContext: string): string {
  return hashOf([actorId, eventContext]);
}

export interface AuditLink {
  prevHash: string;
  chainSeq: bigint;
  id: string;
  companyId: string | null;
  productId: string | null;
  eventType: string;
  actorRole: string;
  eventChannel: string;
  createdAt: Date;
  personalDigest: string;
}

export function auditChainHash(row: AuditLink): string {
  return hashOf([
    'audit/1',
    row.prevHash,
    row.chainSeq.toString(),
    row.id,
    row.companyId,
    row.productId,
    row.eventType,
    row.actorRole,
    row.eventChannel,
    chainTime(row.createdAt),
    row.personalDigest,
  ]);
}

export interface VersionLink {
  prevHash: string;
  id: string;
  productId: string;
  version: number;
  sha256: string;
  byteLength: number;
  schemaVersion: number;
  publishedAt: Date;
  publishedById: string | null;
}

export function versionChainHash(row: VersionLink): string {
  return hashOf([
    'version/1',
    row.prevHash,
    row.id,
    row.productId,
    String(row.version),
    row.sha256,
    String(row.byteLength),
    String(row.schemaVersion),
    chainTime(row.publishedAt),
    row.publishedById,
  ]);
}

import { sha256Hex } from '../crypto/secrets';
import { type Db, prisma, type Tx } from '../db/client';
import { Prisma } from '../db/generated/client';
import { auditChainHash, GENESIS_HASH, personalDigest, versionChainHash } from './encoding';

/** The first link of a chain that does not hold. */
export interface BrokenLink {
  kind: 'audit' | 'version';
  /** The audit chain's company (null: the platform chain), or the version's product's company. */
  companyId: string | null;
  /** Versions only: the product whose chain broke. */
  productId: string | null;
  /** The row where the break shows (null when rows are missing at a chain's end). */
  id: string | null;
  /** The chainSeq of that audit row, or the version number. */
  seq: number;
  reason: string;
}

/** Where an audit chain ends: an operator may record `head` elsewhere to catch a rewrite of the whole chain. */
export interface ChainHead {
  companyId: string | null;
  seq: number;
  head: string;
}

export interface AuditChainReport {
  ok: boolean;
  /** Audit chains walked (one per company with rows, and the platform chain). */
  chains: number;
  rowsChecked: number;
  /** Products whose version chains were walked. */
  products: number;
  versionsChecked: number;
  /** Every broken chain's first broken link, in walk order (audit chains, then products), at most BROKEN_LISTED. */
  broken: BrokenLink[];
  firstBroken: BrokenLink | null;
  heads: ChainHead[];
}

const BROKEN_LISTED = 100;
const AUDIT_PAGE = 1000;
// Versions carry their snapshot bytes: smaller pages.
const VERSION_PAGE = 100;

const PLATFORM = 'platform';

interface AuditRow {
  id: string;
  companyId: string | null;
  productId: string | null;
  eventType: string;
  actorRole: string;
  actorId: string | null;
  eventChannel: string;
  eventContext: string;
  createdAt: Date;
  chainSeq: bigint;
  prevHash: string;
  chainHash: string;
  personalDigest: string;
  erasedAt: Date | null;
}

interface VersionRow {
  id: string;
  productId: string;
  companyId: string;
  productVersion: number;
  version: number;
  snapshot: Uint8Array;
  sha256: string;
  byteLength: number;
  schemaVersion: number;
  publishedAt: Date;
  publishedById: string | null;
  prevHash: string;
  chainHash: string;
}

/** Walks one audit chain up to the head as read first (rows appended meanwhile are the next run's). */
async function verifyAuditChain(
  db: Db | Tx,
  companyId: string | null,
): Promise<{ rows: number; head: ChainHead | null; broken: BrokenLink | null }> {
  const key = companyId ?? PLATFORM;
  const [head] = await db.$queryRaw<{ seq: bigint; head: string }[]>`
    SELECT "seq", "head" FROM "AuditChainHead" WHERE "key" = ${key}`;
  const inChain = companyId === null ? Prisma.sql`"companyId" IS NULL` : Prisma.sql`"companyId" = ${companyId}::uuid`;
  const upToHead = head ? Prisma.sql`AND "chainSeq" <= ${head.seq}` : Prisma.empty;
  const reported = head ? { companyId, seq: Number(head.seq), head: head.head } : null;
  const brokenAt = (row: AuditRow | null, seq: bigint, reason: string): BrokenLink => ({
    kind: 'audit',
    companyId,
    productId: null,
    id: row?.id ?? null,
    seq: Number(seq),
    reason,
  });
  let rows = 0;
  let expected = 1n;
  let prev = GENESIS_HASH;
  let after = -1n;
  for (;;) {
    const page = await db.$queryRaw<AuditRow[]>`
      SELECT "id", "companyId", "productId", "eventType", "actorRole", "actorId", "eventChannel",
             "eventContext"::text AS "eventContext", "createdAt", "chainSeq", "prevHash", "chainHash",
             "personalDigest", "erasedAt"
        FROM "AuditLog"
       WHERE ${inChain} AND "chainSeq" > ${after} ${upToHead}
       ORDER BY "chainSeq"
       LIMIT ${AUDIT_PAGE}`;
    for (const row of page) {
      rows++;
      const broken = checkAuditRow(row, expected, prev);
      if (broken) return { rows, head: reported, broken: brokenAt(row, row.chainSeq, broken) };
      prev = row.chainHash;
      expected = row.chainSeq + 1n;
      after = row.chainSeq;
    }
    if (page.length < AUDIT_PAGE) break;
  }
  const last = expected - 1n;
  if (!head || !reported) {
    return rows === 0
      ? { rows, head: null, broken: null }
      : {
          rows,
          head: null,
          broken: brokenAt(null, last, 'the chain has rows but no head (AuditChainHead row missing)'),
        };
  }
  if (head.seq > last) {
    const missing = head.seq === last + 1n ? `row ${head.seq} is` : `rows ${last + 1n}..${head.seq} are`;
    return { rows, head: reported, broken: brokenAt(null, last + 1n, `${missing} missing at the end of the chain`) };
  }
  if (head.head !== prev)
    return { rows, head: reported, broken: brokenAt(null, last, "the head's hash is not the last row's chainHash") };
  return { rows, head: reported, broken: null };
}

function checkAuditRow(row: AuditRow, expected: bigint, prev: string): string | null {
  if (row.chainSeq < expected) return `chainSeq ${row.chainSeq} is out of order (expected ${expected})`;
  if (row.chainSeq > expected) {
    const missing =
      row.chainSeq === expected + 1n ? `row ${expected} is` : `rows ${expected}..${row.chainSeq - 1n} are`;
    return `${missing} missing before chainSeq ${row.chainSeq}`;
  }
  if (row.prevHash !== prev) return "prevHash is not the previous row's chainHash (rows reordered or rewritten)";
  if (row.erasedAt === null && personalDigest(row.actorId, row.eventContext) !== row.personalDigest)
    return 'actorId or eventContext changed outside a GDPR erasure (personalDigest mismatch)';
  if (auditChainHash(row) !== row.chainHash) return 'the row changed since it was written (chainHash mismatch)';
  return null;
}

function checkVersionRow(row: VersionRow, expected: number, prev: string): string | null {
  if (row.version < expected) return `version ${row.version} is out of order (expected ${expected})`;
  if (row.version > expected) {
    const missing =
      row.version === expected + 1 ? `version ${expected} is` : `versions ${expected}..${row.version - 1} are`;
    return `${missing} missing before version ${row.version}`;
  }
  if (sha256Hex(row.snapshot) !== row.sha256) return 'the snapshot bytes changed (sha256 mismatch)';
  if (row.snapshot.byteLength !== row.byteLength) return 'byteLength is not the snapshot’s length';
  if (row.prevHash !== prev)
    return "prevHash is not the previous version's chainHash (versions reordered or rewritten)";
  if (versionChainHash(row) !== row.chainHash) return 'the version changed since it was written (chainHash mismatch)';
  return null;
}

/**
 * Walks every product's versions (of one company, or all) in (productId, version) pages: each product's versions
 * must be 1..Product.version, each chained to the one before. A page and the product's version are read in one
 * statement, so a publication meanwhile is seen whole or not at all.
 */
async function verifyVersionChains(
  db: Db | Tx,
  companyId: string | null,
  onBroken: (b: BrokenLink) => void,
): Promise<{ products: number; versions: number }> {
  const ofCompany = companyId === null ? Prisma.empty : Prisma.sql`AND p."companyId" = ${companyId}::uuid`;
  let products = 0;
  let versions = 0;
  let current = null as { productId: string; companyId: string; productVersion: number; broken: boolean } | null;
  let expected = 1;
  let prev = GENESIS_HASH;
  const finish = () => {
    if (!current || current.broken) return;
    const last = expected - 1;
    if (current.productVersion > last) {
      const missing =
        current.productVersion === last + 1
          ? `version ${current.productVersion} is`
          : `versions ${last + 1}..${current.productVersion} are`;
      onBroken({
        kind: 'version',
        companyId: current.companyId,
        productId: current.productId,
        id: null,
        seq: last + 1,
        reason: `${missing} missing: the product is at version ${current.productVersion}`,
      });
    } else if (current.productVersion < last) {
      onBroken({
        kind: 'version',
        companyId: current.companyId,
        productId: current.productId,
        id: null,
        seq: last,
        reason: `the product is at version ${current.productVersion} but has versions up to ${last}`,
      });
    }
  };
  let after: { productId: string; version: number } | null = null;
  for (;;) {
    const keyset: Prisma.Sql = after
      ? Prisma.sql`AND (v."productId", v."version") > (${after.productId}::uuid, ${after.version})`
      : Prisma.empty;
    const page = await db.$queryRaw<VersionRow[]>`
      SELECT v."id", v."productId", p."companyId", p."version" AS "productVersion", v."version", v."snapshot",
             v."sha256", v."byteLength", v."schemaVersion", v."publishedAt", v."publishedById", v."prevHash",
             v."chainHash"
        FROM "PassportVersion" v JOIN "Product" p ON p."id" = v."productId"
       WHERE TRUE ${ofCompany} ${keyset}
       ORDER BY v."productId", v."version"
       LIMIT ${VERSION_PAGE}`;
    for (const row of page) {
      if (current?.productId !== row.productId) {
        finish();
        current = { productId: row.productId, companyId: row.companyId, productVersion: 0, broken: false };
        products++;
        expected = 1;
        prev = GENESIS_HASH;
      }
      current.productVersion = row.productVersion;
      after = { productId: row.productId, version: row.version };
      if (current.broken) continue;
      versions++;
      const broken = checkVersionRow(row, expected, prev);
      if (broken) {
        current.broken = true;
        onBroken({
          kind: 'version',
          companyId: row.companyId,
          productId: row.productId,
          id: row.id,
          seq: row.version,
          reason: broken,
        });
        continue;
      }
      prev = row.chainHash;
      expected = row.version + 1;
    }
    if (page.length < VERSION_PAGE) break;
  }
  finish();
  // Published products whose versions are all gone never appear above.
  const bare = await db.$queryRaw<{ id: string; companyId: string; version: number }[]>`
    SELECT p."id", p."companyId", p."version" FROM "Product" p
     WHERE p."version" > 0 ${ofCompany}
       AND NOT EXISTS (SELECT 1 FROM "PassportVersion" v WHERE v."productId" = p."id")
     ORDER BY p."id"`;
  for (const p of bare) {
    products++;
    onBroken({
      kind: 'version',
      companyId: p.companyId,
      productId: p.id,
      id: null,
      seq: 1,
      reason: `versions 1..${p.version} are missing: the product is at version ${p.version}`,
    });
  }
  return { products, versions };
}

/**
 * Verifies the audit chains and the passport version chains, of one company (its audit chain and its products) or
 * of the whole service (every company's chain, the platform chain, every product). Read-only; streams in pages.
 */
export async function verifyAuditChains({
  db = prisma,
  companyId = null,
}: {
  db?: Db | Tx;
  companyId?: string | null;
} = {}): Promise<AuditChainReport> {
  const keys: (string | null)[] =
    companyId !== null
      ? [companyId]
      : [...(await db.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Company" ORDER BY "id"`).map((c) => c.id), null];
  const broken: BrokenLink[] = [];
  const note = (b: BrokenLink) => {
    if (broken.length < BROKEN_LISTED) broken.push(b);
  };
  const heads: ChainHead[] = [];
  let chains = 0;
  let rowsChecked = 0;
  for (const key of keys) {
    const chain = await verifyAuditChain(db, key);
    rowsChecked += chain.rows;
    if (chain.rows > 0 || chain.head) chains++;
    if (chain.head) heads.push(chain.head);
    if (chain.broken) note(chain.broken);
  }
  const { products, versions } = await verifyVersionChains(db, companyId, note);
  return {
    ok: broken.length === 0,
    chains,
    rowsChecked,
    products,
    versionsChecked: versions,
    broken,
    firstBroken: broken[0] ?? null,
    heads,
  };
}

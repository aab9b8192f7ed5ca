import { config } from '../config';
import { type Db, prisma } from '../db/client';
import { eachAtOnce } from '../jobs/each-at-once';
import { emitEvent } from '../webhooks/events';
import {
  httpRegistryClient,
  REGISTRY_TIMEOUT_MS,
  type RegistryClient,
  RegistryRefused,
  RegistryUnavailable,
} from './client';
import { RecordIncomplete, type RegistrationSource, registryRecord } from './payload';
import { FAILED_AFTER_ATTEMPTS, nextRegistryAttempt } from './schedule';

export interface RegistryPassOptions {
  /** The worker's clock: tests pass a fake `now` instead of waiting. */
  now?: Date;
  db?: Db;
  /** The registry; from DPP_REGISTRY_URL when not given (no URL: the pass does nothing). */
  client?: RegistryClient | null;
  /** Only this company's registrations (tests, which share a database with others). */
  companyId?: string;
  /** Registrations worked per pass at most, and at once. */
  batch?: number;
  concurrency?: number;
}

export interface RegistryPassSummary {
  attempted: number;
  registered: number;
  failed: number;
}

const EMPTY: RegistryPassSummary = { attempted: 0, registered: 0, failed: 0 };

/** The configured registry, or null when DPP_REGISTRY_URL is unset. */
export function configuredRegistry(): RegistryClient | null {
  const { DPP_REGISTRY_URL, DPP_REGISTRY_TOKEN } = config();
  return DPP_REGISTRY_URL ? httpRegistryClient({ url: DPP_REGISTRY_URL, token: DPP_REGISTRY_TOKEN }) : null;
}

interface Claimed {
  productId: string;
  wantedSeq: number;
  registrationId: string | null;
  attempts: number;
  status: string;
}

interface SourceRow {
  id: string;
  companyId: string;
  mode: 'LIVE' | 'TEST';
  slug: string;
  gtin: string | null;
  serialNumber: string | null;
  batchNumber: string | null;
  state: string;
  version: number;
  companyName: string;
  registrationNumber: string | null;
  backupUrl: string | null;
  sha256: string | null;
  snapshot: Uint8Array | null;
}

/**
 * Claims up to `batch` due registrations (a change the registry has not accepted yet, due now, not claimed by a
 * live worker): each is leased long enough for the pass to finish with it, so two instances never send one twice
 * at once, and a worker that dies leaves it to the next pass once the lease ends.
 */
async function claimDue(
  db: Db,
  now: Date,
  leaseUntil: Date,
  batch: number,
  companyId: string | null,
): Promise<Claimed[]> {
  return db.$queryRaw<Claimed[]>`
    UPDATE "PassportRegistration" r SET "leaseUntil" = ${leaseUntil}
    WHERE r."productId" IN (
      SELECT d."productId" FROM "PassportRegistration" d
      WHERE d."wantedSeq" > d."sentSeq" AND d."nextAttemptAt" <= ${now}
        AND (d."leaseUntil" IS NULL OR d."leaseUntil" < ${now})
        AND (${companyId}::uuid IS NULL
             OR d."productId" IN (SELECT "id" FROM "Product" WHERE "companyId" = ${companyId}::uuid))
      ORDER BY d."nextAttemptAt" LIMIT ${batch} FOR UPDATE OF d SKIP LOCKED)
    RETURNING r."productId", r."wantedSeq", r."registrationId", r."attempts", r."status"::text AS "status"`;
}

async function loadSources(db: Db, ids: string[]): Promise<Map<string, SourceRow>> {
  const rows = await db.$queryRaw<SourceRow[]>`
    SELECT p."id", p."companyId", p."mode"::text AS "mode", p."slug", p."gtin", p."serialNumber", p."batchNumber",
           p."state"::text AS "state", p."version", c."name" AS "companyName", c."registrationNumber", c."backupUrl",
           v."sha256", v."snapshot"
    FROM "Product" p JOIN "Company" c ON c."id" = p."companyId"
    LEFT JOIN "PassportVersion" v ON v."productId" = p."id" AND v."version" = p."version"
    WHERE p."id" = ANY(${ids}::uuid[])`;
  return new Map(rows.map((r) => [r.id, r]));
}

function sourceOf(row: SourceRow): RegistrationSource {
  const document = JSON.parse(Buffer.from(row.snapshot!).toString('utf8')) as { fields?: Record<string, unknown> };
  return {
    ...row,
    versionSha256: row.sha256!,
    fields: document.fields ?? {},
    company: { name: row.companyName, registrationNumber: row.registrationNumber, backupUrl: row.backupUrl },
  };
}

type Outcome =
  | { kind: 'accepted'; registrationId: string; version: number }
  | { kind: 'skipped' }
  | { kind: 'failed'; error: string; retry: boolean };

async function attempt(client: RegistryClient, claimed: Claimed, row: SourceRow | undefined): Promise<Outcome> {
  // Nothing to register: a test-mode or never-published product (the row was marked by mistake or is stale).
  if (row?.mode !== 'LIVE' || row.version < 1 || !row.snapshot) return { kind: 'skipped' };
  try {
    const record = registryRecord(sourceOf(row));
    const updated = claimed.registrationId ? await client.update(claimed.registrationId, record) : null;
    // One idempotency key per product: a create retried after a lost answer gets the registration it made.
    const accepted = updated ?? (await client.register(record, `passport-${row.id}`));
    return { kind: 'accepted', registrationId: accepted.registrationId, version: row.version };
  } catch (error) {
    if (error instanceof RecordIncomplete || error instanceof RegistryRefused)
      return { kind: 'failed', error: error.message, retry: false };
    if (error instanceof RegistryUnavailable) return { kind: 'failed', error: error.message, retry: true };
    return { kind: 'failed', error: 'unexpected error talking to the registry', retry: true };
  }
}

/** Records an attempt's outcome in one transaction; returns whether the registration reads `failed` afterwards. */
async function record(db: Db, now: Date, claimed: Claimed, row: SourceRow | undefined, outcome: Outcome) {
  return db.$transaction(async (tx) => {
    if (outcome.kind !== 'failed') {
      const accepted = outcome.kind === 'accepted' ? outcome : null;
      // Registered unless a change arrived meanwhile (wantedSeq moved on): then it is due again at once.
      await tx.$executeRaw`
        UPDATE "PassportRegistration" SET
          "sentSeq" = ${claimed.wantedSeq},
          "status" = CASE WHEN "wantedSeq" = ${claimed.wantedSeq} THEN 'REGISTERED' ELSE 'PENDING' END::"RegistrationStatus",
          "registrationId" = COALESCE(${accepted?.registrationId ?? null}, "registrationId"),
          "registeredVersion" = COALESCE(${accepted?.version ?? null}::int, "registeredVersion"),
          "registeredAt" = CASE WHEN ${accepted !== null} THEN ${now} ELSE "registeredAt" END,
          "attempts" = 0, "lastError" = NULL, "lastAttemptAt" = ${now}, "leaseUntil" = NULL,
          "nextAttemptAt" = ${now}, "updatedAt" = ${now}
        WHERE "productId" = ${claimed.productId}::uuid`;
      return false;
    }
    const attempts = claimed.attempts + 1;
    const failed = !outcome.retry || attempts >= FAILED_AFTER_ATTEMPTS;
    // A refused record waits for the next change (markRegistrationDue sets nextAttemptAt again).
    const next = outcome.retry ? nextRegistryAttempt(attempts, now) : null;
    const [after] = await tx.$queryRaw<{ wantedSeq: number }[]>`
      UPDATE "PassportRegistration" SET
        "status" = ${failed ? 'FAILED' : 'PENDING'}::"RegistrationStatus", "attempts" = ${attempts},
        "lastError" = ${outcome.error}, "lastAttemptAt" = ${now}, "leaseUntil" = NULL,
        "nextAttemptAt" = CASE WHEN "wantedSeq" > ${claimed.wantedSeq} THEN ${now} ELSE ${next}::timestamp(3) END,
        "updatedAt" = ${now}
      WHERE "productId" = ${claimed.productId}::uuid
      RETURNING "wantedSeq"`;
    // Announced once, when the registration turns failed (not on each later failure).
    if (failed && claimed.status !== 'FAILED' && row && after) {
      await emitEvent(tx, {
        companyId: row.companyId,
        mode: row.mode,
        type: 'registry.failed',
        data: { productId: row.id, slug: row.slug, version: row.version, attempts, error: outcome.error },
      });
    }
    return failed;
  });
}

/**
 * One pass of the registry worker: claims what is due and brings each registration up to date (a create the
 * first time, an update of the whole record after), a few at once. An accepted answer records the registration's
 * id, version and time; a failure records its error and when to retry (never, for a refused record, until the
 * passport changes again).
 */
export async function runRegistryPass(options: RegistryPassOptions = {}): Promise<RegistryPassSummary> {
  const { now = new Date(), db = prisma, batch = 50, concurrency = 4 } = options;
  const client = options.client === undefined ? configuredRegistry() : options.client;
  if (!client) return { ...EMPTY };
  const leaseUntil = new Date(now.getTime() + Math.ceil(batch / concurrency + 1) * REGISTRY_TIMEOUT_MS);
  const claimed = await claimDue(db, now, leaseUntil, batch, options.companyId ?? null);
  if (claimed.length === 0) return { ...EMPTY };
  const sources = await loadSources(
    db,
    claimed.map((c) => c.productId),
  );
  const summary = { ...EMPTY };
  await eachAtOnce(claimed, concurrency, async (c) => {
    const row = sources.get(c.productId);
    const outcome = await attempt(client, c, row);
    const failed = await record(db, now, c, row, outcome);
    if (outcome.kind === 'skipped') return;
    summary.attempted += 1;
    if (outcome.kind === 'accepted') summary.registered += 1;
    else if (failed) summary.failed += 1;
  });
  return summary;
}

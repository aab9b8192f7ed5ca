import type { z } from 'zod';
import { prisma } from '../db/client';
import { type Statement, sqlRows, UTC_NOW } from '../db/sql';
import type { DomainContext } from '../domain/context';
import { ServiceError } from '../errors';
import { logger } from '../log';
import { loadCategorySchema } from '../passport/schema-version';
import { requireRole } from '../passport/transitions/result';
import type { TelemetryTarget } from './authorize';
import { bmsSignatureExpiry, reportTime } from './replays';
import { type BmsUpdate, type BmsUpdateResult, LIFETIME_COUNTER_NAMES, type LifetimeCounterName } from './schemas';
import { badSignature, type VerifiedBmsSignature } from './signature';
import { sortPatch } from './whitelist';

export interface IngestTelemetryInput {
  productId: string;
  update: BmsUpdate;
  /** The product as the endpoint authorized it; read here when absent. */
  target?: TelemetryTarget;
  /** The report's verified signature: remembered for its window (a replay is refused), its timestamp compared. */
  signature: VerifiedBmsSignature;
}

/** The 200 body of the BMS endpoint. */
export type TelemetryResult = z.output<typeof BmsUpdateResult>;

/** The counters the body names: a number or null is written, an omitted member keeps its stored value. */
function givenCounters(update: BmsUpdate): [LifetimeCounterName, number | null][] {
  const counters = update.lifetimeCounters ?? {};
  return LIFETIME_COUNTER_NAMES.flatMap((name) =>
    counters[name] === undefined ? [] : [[name, counters[name]] as [LifetimeCounterName, number | null]],
  );
}

interface UpdateValues {
  secretId: string;
  companyId: string;
  productId: string;
  accepted: Record<string, unknown>;
  actor: DomainContext['actor'];
  auditContext: Record<string, unknown>;
  /** The webhook event's payload; none: no event (nothing applied, no counter). */
  event: Record<string, unknown> | null;
  counters: [LifetimeCounterName, number | null][];
  signature: VerifiedBmsSignature;
}

/** What the history of dynamic data keeps of a report: its accepted form-data values and the counters it names. */
export function historyValues(v: Pick<UpdateValues, 'accepted' | 'counters'>): Record<string, unknown> {
  return { ...v.accepted, ...Object.fromEntries(v.counters) };
}

/**
 * The whole update as one statement, so one round trip and atomic on its own: the secret share-locked and still
 * active (a revocation that commits first refuses the update; one that comes later waits for it), the report's
 * signature remembered (its SHA-256, unique: a report already accepted inside its window inserts nothing, and an
 * identical one racing this statement waits on the digest and then finds it; either way nothing else is written),
 * the product written only when the report is not older than the newest one applied (`bmsReportedAt`, compared on
 * the row as it is when its lock is granted, so of two racing reports the newer one's values stay), the accepted keys
 * merged into the stored form data by PostgreSQL (`||`, on the row as it is when its lock is granted: parallel
 * updates of one product apply one after the other and lose nothing), the counters the body names upserted, the
 * audit row, the report's row in the history of dynamic data (TelemetryReport) and the webhook event. Nothing is
 * written when the secret is no longer active, the product is gone or its battery recycled; the counts say which. The secret's last use is stamped after it (stampLastUse): updating the row this
 * statement share-locks would make two updates of one secret wait for each other's share lock, a deadlock.
 */
export function updateStatement(v: UpdateValues): Statement {
  const values: unknown[] = [];
  const param = (value: unknown, type: string) => `$${values.push(value)}::${type}`;
  const secret = param(v.secretId, 'uuid');
  const company = param(v.companyId, 'uuid');
  const product = param(v.productId, 'uuid');
  const reportedAt = param(reportTime(v.signature.timestamp), 'timestamp');
  const columns = v.counters.map(([name]) => `"${name}"`);
  // The history of dynamic data: one row per applied report that names a value (docs/decisions.md).
  const kept = historyValues(v);
  const history = Object.keys(kept).length === 0 ? null : JSON.stringify(kept);
  const text = `
    WITH s AS (
      SELECT "id" FROM "BmsSecret" WHERE "id" = ${secret} AND "revokedAt" IS NULL FOR SHARE
    ),
    t AS (
      SELECT "id", "recycledAt" FROM "Product" WHERE "id" = ${product} AND "companyId" = ${company} AND EXISTS (SELECT 1 FROM s)
    ),
    sig AS (
      INSERT INTO "UsedBmsSignature" ("digest", "secretId", "productId", "expiresAt")
      SELECT ${param(v.signature.digest, 'text')}, ${secret}, "id", ${param(bmsSignatureExpiry(v.signature.timestamp), 'timestamp')} FROM t
      WHERE "recycledAt" IS NULL
      ON CONFLICT ("digest") DO UPDATE SET
        "secretId" = EXCLUDED."secretId", "productId" = EXCLUDED."productId", "expiresAt" = EXCLUDED."expiresAt"
      WHERE "UsedBmsSignature"."expiresAt" <= ${UTC_NOW}
      RETURNING "digest"
    ),
    p AS (
      UPDATE "Product" SET "formData" = "formData" || ${param(JSON.stringify(v.accepted), 'jsonb')}, "updatedAt" = ${UTC_NOW},
        "bmsReportedAt" = ${reportedAt}
      WHERE "id" = ${product} AND "companyId" = ${company} AND EXISTS (SELECT 1 FROM sig)
        AND ("bmsReportedAt" IS NULL OR "bmsReportedAt" <= ${reportedAt}) AND "recycledAt" IS NULL
      RETURNING "id", "mode"
    ),
    audit AS (
      INSERT INTO "AuditLog" ("id", "companyId", "productId", "eventType", "actorRole", "actorId", "eventChannel", "eventContext", "createdAt")
      SELECT gen_random_uuid(), ${company}, "id", 'Update', ${param(v.actor.role, 'text')}, ${param(v.actor.id, 'text')},
             ${param(v.actor.channel, 'text')}, ${param(JSON.stringify(v.auditContext), 'jsonb')}, ${UTC_NOW} FROM p
    )${
      columns.length === 0
        ? ''
        : `,
    counters AS (
      INSERT INTO "LifetimeCounters" ("productId", ${columns.join(', ')}, "updatedAt")
      SELECT "id", ${v.counters.map(([, value]) => param(value, 'double precision')).join(', ')}, ${UTC_NOW} FROM p
      ON CONFLICT ("productId") DO UPDATE SET ${columns.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}, "updatedAt" = EXCLUDED."updatedAt"
    )`
    }${
      history === null
        ? ''
        : `,
    history AS (
      INSERT INTO "TelemetryReport" ("productId", "reportedAt", "receivedAt", "values")
      SELECT "id", ${reportedAt}, ${UTC_NOW}, ${param(history, 'jsonb')} FROM p
    )`
    }${
      v.event === null
        ? ''
        : `,
    event AS (
      INSERT INTO "WebhookEvent" ("id", "companyId", "mode", "type", "payload", "createdAt")
      SELECT gen_random_uuid(), ${company}, "mode", 'passport.telemetry_updated', ${param(JSON.stringify(v.event), 'jsonb')}, ${UTC_NOW} FROM p
    )`
    }
    SELECT (SELECT count(*) FROM s)::int AS "active", (SELECT count(*) FROM t)::int AS "found",
      (SELECT count(*) FROM sig)::int AS "fresh", (SELECT count(*) FROM p)::int AS "updated",
      (SELECT count(*) FROM t WHERE "recycledAt" IS NOT NULL)::int AS "closed"`;
  // One prepared statement per shape: which counters the body names, and whether an event goes out.
  const shape = `${v.counters.map(([name]) => LIFETIME_COUNTER_NAMES.indexOf(name)).join('.')}-${v.event ? 'e' : 'n'}${history ? 'h' : ''}`;
  return { name: `bms-update-${shape}`, text, values };
}

// When this instance last stamped each secret: most updates skip the stamp without asking the database.
const STAMPED = Symbol.for('battery-passport-service.bms-secret-stamps');
type StampHolder = { [STAMPED]?: Map<string, number> };
const STAMP_INTERVAL_MS = 60_000;

const STAMP = `
  UPDATE "BmsSecret" SET "lastUsedAt" = ${UTC_NOW}
  WHERE "id" = $1::uuid AND ("lastUsedAt" IS NULL OR "lastUsedAt" < ${UTC_NOW} - interval '60 seconds')`;

/**
 * The secret's last use, stamped after a successful update, at most once a minute per secret (and per instance:
 * the statement checks the stored time too). A failed stamp costs the update nothing: it is logged.
 */
async function stampLastUse(secretId: string): Promise<void> {
  const stamps = ((globalThis as StampHolder)[STAMPED] ??= new Map());
  const now = Date.now();
  if (now - (stamps.get(secretId) ?? 0) < STAMP_INTERVAL_MS) return;
  if (stamps.size >= 10_000) stamps.clear();
  stamps.set(secretId, now);
  await sqlRows({ name: 'bms-secret-used', text: STAMP, values: [secretId] }).catch((err: unknown) =>
    logger().warn({ err, secretId }, 'BMS secret last use not stamped'),
  );
}

const TARGET = `SELECT "id", "categoryId", "schemaVersion" FROM "Product" WHERE "id" = $1::uuid AND "companyId" = $2::uuid`;

/**
 * One BMS update, all or nothing (one statement: see updateStatement). Applies in any state (telemetry describes
 * the physical battery, not the passport under review) and in either mode; the lock version stays, so integrators
 * editing a draft are not refused by telemetry. `ctx.actor.id` is the secret's id.
 */
export async function ingestTelemetry({
  ctx,
  input,
}: {
  ctx: DomainContext;
  input: IngestTelemetryInput;
}): Promise<TelemetryResult> {
  requireRole(ctx, ['System'], 'send BMS telemetry');
  const secretId = ctx.actor.id!;
  const notFound = () => new ServiceError('NOT_FOUND', 'No product with this id.');
  const target =
    input.target ?? (await sqlRows<TelemetryTarget>({ text: TARGET, values: [input.productId, ctx.companyId] }))[0];
  if (!target) throw notFound();
  const schema = await loadCategorySchema(prisma, target.categoryId, target.schemaVersion);
  const { accepted, appliedKeys, rejectedKeys } = sortPatch(schema, input.update.formDataPatch ?? {});
  const counters = givenCounters(input.update);
  const counterUpdated = counters.length > 0;
  const [outcome] = await sqlRows<{ active: number; found: number; fresh: number; updated: number; closed: number }>(
    updateStatement({
      secretId,
      companyId: ctx.companyId,
      productId: target.id,
      accepted,
      actor: ctx.actor,
      counters,
      signature: input.signature,
      auditContext: {
        source: 'bms-webhook',
        appliedFormDataKeys: appliedKeys,
        rejectedFormDataKeys: rejectedKeys,
        counterUpdated,
        webhookSecretId: secretId,
      },
      event: appliedKeys.length > 0 || counterUpdated ? { productId: target.id, appliedKeys, counterUpdated } : null,
    }),
  );
  if (outcome.active === 0) throw new ServiceError('BAD_SECRET', 'The BMS secret matches no active secret.');
  if (outcome.found === 0) throw notFound();
  if (outcome.closed > 0) throw passportClosed();
  if (outcome.fresh === 0) throw badSignature('replayed');
  await stampLastUse(secretId);
  // Older than the newest report applied: nothing was written, and the answer says so (docs/decisions.md).
  if (outcome.updated === 0)
    return { ok: true, productId: target.id, appliedKeys: [], rejectedKeys, counterUpdated: false, superseded: true };
  return { ok: true, productId: target.id, appliedKeys, rejectedKeys, counterUpdated };
}

/**
 * A recycled battery's passport takes no more telemetry: the contract's answer for a passport no longer in use,
 * 410 PRODUCT_WITHDRAWN, in the BMS shape. Nothing is written (not even the signature).
 */
const passportClosed = () =>
  new ServiceError('PRODUCT_WITHDRAWN', 'The battery was recycled: its passport is closed and takes no telemetry.');

/** The domain context of a request signed with this secret: its company, the System role, the API channel. */
export const bmsContext = (secret: { id: string; companyId: string }): DomainContext => ({
  companyId: secret.companyId,
  actor: { role: 'System', id: secret.id, channel: 'API' },
});

import type { Db, Tx } from '../../db/client';

/** Events older than this are not fanned out: the scan stays bounded, and a re-enabled endpoint catches up on 3 days at most. */
export const FANOUT_HORIZON_DAYS = 3;

const at = (d: Date) => d.toISOString();

/**
 * Turns outbox events into deliveries: one per enabled endpoint of the event's company and mode that subscribes
 * to its type (or to '*') and existed when the event was emitted. Idempotent: (endpoint, event) is unique.
 */
export async function fanOutEvents(db: Db | Tx, now: Date): Promise<number> {
  return db.$executeRaw`
    INSERT INTO "WebhookDelivery" ("id", "endpointId", "eventId", "status", "attemptCount", "nextAttemptAt", "createdAt", "updatedAt")
    SELECT gen_random_uuid(), ep."id", ev."id", 'PENDING'::"WebhookDeliveryStatus", 0, ${at(now)}::timestamp(3), ${at(now)}::timestamp(3), ${at(now)}::timestamp(3)
    FROM "WebhookEndpoint" ep
    JOIN "WebhookEvent" ev ON ev."companyId" = ep."companyId" AND ev."mode" = ep."mode"
    WHERE ep."enabled"
      AND ev."createdAt" >= ep."createdAt"
      AND ev."createdAt" >= (CURRENT_TIMESTAMP AT TIME ZONE 'UTC') - make_interval(days => ${FANOUT_HORIZON_DAYS}::int)
      AND (ev."type" = ANY(ep."eventTypes") OR '*' = ANY(ep."eventTypes"))
      AND NOT EXISTS (SELECT 1 FROM "WebhookDelivery" d WHERE d."endpointId" = ep."id" AND d."eventId" = ev."id")
    ON CONFLICT ("endpointId", "eventId") DO NOTHING`;
}

/**
 * Claims up to `limit` due deliveries of enabled endpoints, oldest event first, by moving their nextAttemptAt
 * past the attempt's timeout: a second worker skips them (SKIP LOCKED) and a crashed one's claim lapses.
 */
export async function claimDueDeliveries(db: Db | Tx, now: Date, leaseUntil: Date, limit: number): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    UPDATE "WebhookDelivery" SET "nextAttemptAt" = ${at(leaseUntil)}::timestamp(3)
    WHERE "id" IN (
      SELECT d."id" FROM "WebhookDelivery" d
      JOIN "WebhookEndpoint" ep ON ep."id" = d."endpointId"
      JOIN "WebhookEvent" ev ON ev."id" = d."eventId"
      WHERE d."status" = 'PENDING' AND d."nextAttemptAt" <= ${at(now)}::timestamp(3) AND ep."enabled"
      ORDER BY ev."createdAt", ev."id"
      LIMIT ${limit}
      FOR UPDATE OF d SKIP LOCKED)
    RETURNING "id"`;
  return rows.map((r) => r.id);
}

import { hostname } from 'node:os';
import { type Db, prisma } from '../db/client';
import { isDatabaseUnavailable } from '../db/unavailable';

/**
 * How long a lease lasts without a renewal. A session renews it every HEARTBEAT_MS, so it lapses only when its holder
 * stopped (a killed process): the next session then takes it over within this time and the outbox resumes.
 */
export const LEASE_SECONDS = 15;
export const HEARTBEAT_MS = 3_000;
/**
 * A holder that has not renewed for this long stops starting work (a process stalled past its lease may have been
 * taken over): LEASE_SECONDS minus a margin of two heartbeats, so it stops before another session can start.
 */
export const STALE_AFTER_MS = LEASE_SECONDS * 1000 - 2 * HEARTBEAT_MS;

/** Names a session: host and process for the operator, pg-boss's job id so two sessions of one process differ. */
export const leaseHolder = (jobId: string) => `${hostname()}:${process.pid}:${jobId}`;

export interface Acquired {
  /** The holder whose lapsed lease this session took over; null when the lease was free or released. */
  takenOverFrom: string | null;
}

const NOW = `(clock_timestamp() AT TIME ZONE 'UTC')`;

/**
 * Takes the lease `name` for `holder` when it is free, released, lapsed or already this holder's; null when another
 * live session holds it. The database's clock decides, so instances with skewed clocks agree. `previous` reads the
 * row as the statement found it (its snapshot); of two sessions racing for a lapsed lease the upsert lets one win.
 */
export async function acquireLease(name: string, holder: string, db: Db = prisma): Promise<Acquired | null> {
  const rows = await db.$queryRawUnsafe<{ previous: string | null }[]>(
    `WITH previous AS (SELECT "holder" FROM "WorkerLease" WHERE "name" = $1)
     INSERT INTO "WorkerLease" AS l ("name", "holder", "expiresAt", "renewedAt")
     VALUES ($1, $2, ${NOW} + make_interval(secs => $3), ${NOW})
     ON CONFLICT ("name") DO UPDATE SET "holder" = EXCLUDED."holder", "expiresAt" = EXCLUDED."expiresAt",
       "renewedAt" = EXCLUDED."renewedAt"
     WHERE l."holder" IS NULL OR l."holder" = EXCLUDED."holder" OR l."expiresAt" < ${NOW}
     RETURNING (SELECT "holder" FROM previous) AS "previous"`,
    name,
    holder,
    LEASE_SECONDS,
  );
  if (rows.length === 0) return null;
  const previous = rows[0]!.previous;
  return { takenOverFrom: previous !== null && previous !== holder ? previous : null };
}

/** Extends `holder`'s lease by LEASE_SECONDS; false when it is no longer this holder's (taken over after a stall). */
export async function renewLease(name: string, holder: string, db: Db = prisma): Promise<boolean> {
  const renewed = await db.$executeRawUnsafe(
    `UPDATE "WorkerLease" SET "expiresAt" = ${NOW} + make_interval(secs => $3), "renewedAt" = ${NOW}
     WHERE "name" = $1 AND "holder" = $2`,
    name,
    holder,
    LEASE_SECONDS,
  );
  return renewed === 1;
}

/** Gives the lease up at a session's end, so the next session takes it at once. */
export async function releaseLease(name: string, holder: string, db: Db = prisma): Promise<void> {
  await db.$executeRawUnsafe(
    `UPDATE "WorkerLease" SET "holder" = NULL, "expiresAt" = ${NOW} WHERE "name" = $1 AND "holder" = $2`,
    name,
    holder,
  );
}

export interface LeaseOptions {
  db?: Db;
  clock?: () => number;
  heartbeatMs?: number;
}

/**
 * Runs `fn` while holding the lease already acquired: renews it every HEARTBEAT_MS and passes `held`, which turns
 * false once a renewal found the lease taken or none succeeded for STALE_AFTER_MS; releases it when `fn` settles.
 */
export async function whileHeld<T>(
  name: string,
  holder: string,
  fn: (held: () => boolean) => Promise<T>,
  options: LeaseOptions = {},
): Promise<T> {
  const { db = prisma, clock = Date.now, heartbeatMs = HEARTBEAT_MS } = options;
  let renewedAt = clock();
  let lost = false;
  let renewing = false;
  const timer = setInterval(() => {
    if (renewing) return;
    renewing = true;
    renewLease(name, holder, db)
      .then((kept) => {
        if (kept) renewedAt = clock();
        else lost = true;
      })
      // A renewal that failed (database away) is tried again at the next beat; STALE_AFTER_MS bounds how long.
      .catch(() => undefined)
      .finally(() => {
        renewing = false;
      });
  }, heartbeatMs);
  timer.unref();
  try {
    return await fn(() => !lost && clock() - renewedAt < STALE_AFTER_MS);
  } finally {
    clearInterval(timer);
    await releaseLease(name, holder, db).catch((error: unknown) => {
      // Unreleased, the lease lapses by itself within LEASE_SECONDS.
      if (!isDatabaseUnavailable(error)) throw error;
    });
  }
}

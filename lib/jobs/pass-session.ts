import { describeDatabaseFailure, isDatabaseUnavailable } from '../db/unavailable';
import type { JobLog } from './job';

/**
 * The shape of the outbox workers (webhook deliveries, email): cron starts a job every minute, the finest pg-boss
 * cron, and the job runs a pass every 2 s for 50 s, so new work leaves within seconds.
 */
export const SESSION_MS = 50_000;
export const PASS_PAUSE_MS = 2_000;
/**
 * How long a session whose last pass found the database away goes on past its time, trying again: a session that
 * ends on a good pass gets its completion recorded, where one ending mid-outage would leave its job active (and the
 * queue's next session waiting) until pg-boss expires it. Session and grace stay inside the queues' 120 s expiry.
 */
export const OUTAGE_GRACE_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SessionOptions<S> {
  sessionMs?: number;
  pauseMs?: number;
  graceMs?: number;
  pass?: () => Promise<S>;
  /** Whether to go on: false once the job runner is stopping, so a stop never waits for the whole session. */
  active?: () => boolean;
  clock?: () => number;
  wait?: (ms: number) => Promise<unknown>;
  /** Where a pass skipped for a lost database is reported (the job's log). */
  log?: Pick<JobLog, 'warn'>;
}

/**
 * Runs passes a pause apart until the session's time is up or the runner stops; always at least one. A pass that
 * fails because the database is unavailable is reported and the session goes on (the next pass retries it);
 * any other failure ends the session and fails its job, as before.
 */
export async function passSession<S extends Record<string, number>>(
  defaults: { pass: () => Promise<S>; empty: S },
  options: SessionOptions<S> = {},
): Promise<S & { passes: number }> {
  const {
    sessionMs = SESSION_MS,
    pauseMs = PASS_PAUSE_MS,
    graceMs = OUTAGE_GRACE_MS,
    pass = defaults.pass,
    clock = Date.now,
    wait = sleep,
  } = options;
  // Imported when first needed: the runner imports the job table, which imports the workers.
  const active = options.active ?? (await import('./runner')).jobsRunning;
  const deadline = clock() + sessionMs;
  const total = { ...defaults.empty };
  let passes = 0;
  for (;;) {
    let unavailable = false;
    try {
      const summary = await pass();
      for (const k of Object.keys(total) as (keyof S)[]) (total[k] as number) += summary[k];
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      unavailable = true;
      options.log?.warn({ database: describeDatabaseFailure(error) }, 'background pass skipped: database unavailable');
    }
    passes += 1;
    const next = clock() + pauseMs;
    if (!active() || next >= deadline + (unavailable ? graceMs : 0)) break;
    await wait(pauseMs);
  }
  return { passes, ...total };
}

import type { Db } from '../db/client';
import { isDatabaseUnavailable } from '../db/unavailable';
import { defineJob, type JobDefinition, type JobLog } from './job';
import { PASS_PAUSE_MS, passSession, SESSION_MS, type SessionOptions } from './pass-session';
import { type Acquired, acquireLease, leaseHolder, whileHeld } from './worker-lease';

/**
 * pg-boss's expiry of a session's job. The lease, not the queue, keeps sessions apart: a killed process's job stays
 * active until this expiry (and pg-boss's next maintenance), but the next session starts beside it and takes the
 * lapsed lease over within LEASE_SECONDS. It only has to outlast a live session (50 s, a 60 s outage grace).
 */
const SESSION_JOB_EXPIRY_SECONDS = 120;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface LeasedSessionOptions<S> extends SessionOptions<S> {
  db?: Db;
  log?: Pick<JobLog, 'warn' | 'info'>;
  /**
   * Frees the rows the previous holder had claimed and not finished, once its lapsed lease was taken over: it is
   * dead, and only a lease holder claims, so they would otherwise wait for their own claim to lapse (minutes).
   */
  releaseClaims?: () => Promise<number>;
}

/**
 * One session of an outbox worker under its lease (lib/jobs/worker-lease.ts): waits for the lease, trying every
 * pause until the session's time is up (another live session holds it), then runs the passes while it holds it and
 * releases it at the end. A session that never got the lease did nothing (0 passes).
 */
export async function leasedSession<S extends Record<string, number>>(
  name: string,
  holder: string,
  defaults: { pass: () => Promise<S>; empty: S },
  options: LeasedSessionOptions<S> = {},
): Promise<S & { passes: number }> {
  const { clock = Date.now, wait = sleep, sessionMs = SESSION_MS, pauseMs = PASS_PAUSE_MS, db } = options;
  const active = options.active ?? (await import('./runner')).jobsRunning;
  const deadline = clock() + sessionMs;
  let acquired: Acquired | null = null;
  for (;;) {
    try {
      acquired = await acquireLease(name, holder, db);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
    }
    if (acquired || !active() || clock() + pauseMs >= deadline) break;
    await wait(pauseMs);
  }
  const lease = acquired;
  if (!lease) return { passes: 0, ...defaults.empty };
  return whileHeld(
    name,
    holder,
    async (held) => {
      if (lease.takenOverFrom) {
        const released = options.releaseClaims ? await options.releaseClaims() : 0;
        options.log?.info(
          { job: name, holder, takenOverFrom: lease.takenOverFrom, released },
          'lapsed lease taken over',
        );
      }
      return passSession(defaults, {
        ...options,
        sessionMs: Math.max(0, deadline - clock()),
        active: () => active() && held(),
      });
    },
    { db, clock },
  );
}

/**
 * An outbox worker's job: cron starts one every minute, and at launch, and each runs a session of passes 2 s apart
 * (lib/jobs/pass-session.ts) under the worker's lease, so new work leaves within seconds, a retry leaves when it is
 * due, and one session at a time works the outbox. The queue's `short` policy keeps at most one session waiting and
 * lets a new one start while a killed process's job is still active: the lease decides which works. A session that
 * did something is logged with its sums.
 */
export function sessionJob<S extends Record<string, number>>(job: {
  name: string;
  pass: () => Promise<S>;
  empty: S;
  /** Whether a session's sums are worth a log line. */
  busy: (output: S) => boolean;
  /** See LeasedSessionOptions.releaseClaims. */
  releaseClaims: () => Promise<number>;
}): JobDefinition<Record<string, never>> {
  return defineJob<Record<string, never>>({
    name: job.name,
    cron: '* * * * *',
    startAtLaunch: true,
    queue: { policy: 'short', retryLimit: 0, expireInSeconds: SESSION_JOB_EXPIRY_SECONDS },
    async handler(_data, { log, jobId }) {
      const output = await leasedSession(
        job.name,
        leaseHolder(jobId),
        { pass: job.pass, empty: job.empty },
        { log, releaseClaims: job.releaseClaims },
      );
      if (job.busy(output)) log.info({ job: job.name, jobId, ...output }, `${job.name} session`);
      return output;
    },
  });
}

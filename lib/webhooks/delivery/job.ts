import { defineJob } from '../../jobs/job';
import { runDeliveryPass, type PassSummary } from './pass';

/** One job runs passes this long, a pause apart; the next minute's job takes over, so events leave within seconds. */
export const SESSION_MS = 50_000;
export const PASS_PAUSE_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SessionOptions {
  sessionMs?: number;
  pauseMs?: number;
  pass?: () => Promise<PassSummary>;
  /** Whether to go on: false once the job runner is stopping, so a stop never waits for the whole session. */
  active?: () => boolean;
  clock?: () => number;
  wait?: (ms: number) => Promise<unknown>;
}

/** Runs delivery passes a pause apart until the session's time is up or the runner stops; always at least one. */
export async function deliverySession(options: SessionOptions = {}) {
  const { sessionMs = SESSION_MS, pauseMs = PASS_PAUSE_MS, pass = () => runDeliveryPass(), clock = Date.now, wait = sleep } = options;
  // Imported when first needed: the runner imports the job table, which imports this file.
  const active = options.active ?? (await import('../../jobs/runner')).jobsRunning;
  const deadline = clock() + sessionMs;
  const total: PassSummary = { fannedOut: 0, attempted: 0, succeeded: 0, disabled: 0 };
  let passes = 0;
  for (;;) {
    const summary = await pass();
    passes += 1;
    for (const k of Object.keys(total) as (keyof PassSummary)[]) total[k] += summary[k];
    if (clock() + pauseMs >= deadline || !active()) break;
    await wait(pauseMs);
  }
  return { passes, ...total };
}

/**
 * The webhook worker: cron starts a job every minute (the finest pg-boss cron), and each job runs a delivery
 * pass every 2 s for 50 s. The `stately` queue policy keeps at most one session running and one waiting.
 */
export const webhookDeliveries = defineJob<Record<string, never>>({
  name: 'webhook-deliveries',
  cron: '* * * * *',
  queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 120 },
  async handler(_data, { log, jobId }) {
    const output = await deliverySession();
    if (output.attempted > 0 || output.disabled > 0) log.info({ job: 'webhook-deliveries', jobId, ...output }, 'webhook delivery session');
    return output;
  },
});

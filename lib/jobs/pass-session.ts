/**
 * The shape of the outbox workers (webhook deliveries, email): cron starts a job every minute, the finest pg-boss
 * cron, and the job runs a pass every 2 s for 50 s, so new work leaves within seconds.
 */
export const SESSION_MS = 50_000;
export const PASS_PAUSE_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SessionOptions<S> {
  sessionMs?: number;
  pauseMs?: number;
  pass?: () => Promise<S>;
  /** Whether to go on: false once the job runner is stopping, so a stop never waits for the whole session. */
  active?: () => boolean;
  clock?: () => number;
  wait?: (ms: number) => Promise<unknown>;
}

/** Runs passes a pause apart until the session's time is up or the runner stops; always at least one. */
export async function passSession<S extends Record<string, number>>(
  defaults: { pass: () => Promise<S>; empty: S },
  options: SessionOptions<S> = {},
): Promise<S & { passes: number }> {
  const { sessionMs = SESSION_MS, pauseMs = PASS_PAUSE_MS, pass = defaults.pass, clock = Date.now, wait = sleep } = options;
  // Imported when first needed: the runner imports the job table, which imports the workers.
  const active = options.active ?? (await import('./runner')).jobsRunning;
  const deadline = clock() + sessionMs;
  const total = { ...defaults.empty };
  let passes = 0;
  for (;;) {
    const summary = await pass();
    passes += 1;
    for (const k of Object.keys(total) as (keyof S)[]) (total[k] as number) += summary[k];
    if (clock() + pauseMs >= deadline || !active()) break;
    await wait(pauseMs);
  }
  return { passes, ...total };
}

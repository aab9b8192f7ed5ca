import { config } from '../../config';

/**
 * The retry schedule after a failed attempt: attempt 1 at once, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h
 * later (the Standard Webhooks reference schedule): 8 attempts over about 28 hours, then the delivery is FAILED.
 */
export const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000] as const;

export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** An endpoint whose deliveries have failed without one success for this long is disabled. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 3_600_000;

/** The configured schedule (WEBHOOK_RETRY_DELAYS_MS, e.g. a test's seconds), else the reference one. */
export function retryDelaysMs(): readonly number[] {
  return config().WEBHOOK_RETRY_DELAYS_MS ?? RETRY_DELAYS_MS;
}

/** When the next attempt is due after `attemptsMade` failed attempts, or null when the schedule is spent. */
export function nextAttemptAt(
  attemptsMade: number,
  now: Date,
  delays: readonly number[] = retryDelaysMs(),
): Date | null {
  const delay = delays[attemptsMade - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay);
}

export const isSuccess = (status: number | null) => status !== null && status >= 200 && status < 300;

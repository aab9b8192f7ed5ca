/**
 * Retries after a failed send: 1 min, 5 min, 30 min, 2 h, 6 h (6 attempts over about 9 hours), then FAILED.
 * Verification links live 24 h, so a mail later than that would be useless anyway.
 */
export const EMAIL_RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000] as const;

export const MAX_EMAIL_ATTEMPTS = EMAIL_RETRY_DELAYS_MS.length + 1;

/** When the next attempt is due after `attemptsMade` failed attempts, or null when the schedule is spent. */
export function nextEmailAttemptAt(attemptsMade: number, now: Date): Date | null {
  const delay = EMAIL_RETRY_DELAYS_MS[attemptsMade - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay);
}

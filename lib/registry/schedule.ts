import { config } from '../config';

/**
 * The registration retry schedule after a failed attempt: 5 s, 30 s, 2 min, 10 min, 30 min, then hourly for as
 * long as the registry keeps failing (a registration is never given up: the law requires it).
 */
export const REGISTRY_RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000] as const;

/** Failed attempts in a row after which the registration reads `failed` (and `registry.failed` is sent). */
export const FAILED_AFTER_ATTEMPTS = 5;

/** When to try again after `attemptsMade` failed attempts in a row (the configured schedule, else the reference one). */
export function nextRegistryAttempt(attemptsMade: number, now: Date): Date {
  const delays = config().REGISTRY_RETRY_DELAYS_MS ?? REGISTRY_RETRY_DELAYS_MS;
  const delay = delays[Math.min(attemptsMade, delays.length) - 1] ?? delays[0];
  return new Date(now.getTime() + delay);
}

import { config } from '@/lib/config';
import { recordRateLimitRefusal } from '../metrics';
import { backendFromConfig } from './backend';
import { createRateLimiter, type RateLimiter } from './limiter';
import { policiesFromConfig } from './policies';
import type { BackendStatus, PolicyName, RateLimitResult } from './types';

export { EDGE_RATE_LIMIT_HEADER, edgeLimitFromHeaders, rateLimitHeaders, tightestLimit } from './headers';
export type { RateLimiter } from './limiter';
export type { BackendStatus, PolicyName, RateLimitResult } from './types';

// On globalThis: middleware and route handlers are separate bundles, and dev reloads modules;
// one limiter (one Redis connection) per process either way.
const SHARED = Symbol.for('battery-passport-service.rate-limiter');
type Holder = { [SHARED]?: RateLimiter };

export function rateLimiter(): RateLimiter {
  const holder = globalThis as Holder;
  if (!holder[SHARED]) {
    const cfg = config();
    holder[SHARED] = createRateLimiter({
      backend: backendFromConfig(cfg),
      policies: policiesFromConfig(cfg),
      timeoutMs: cfg.RATE_LIMIT_TIMEOUT_MS,
    });
  }
  return holder[SHARED];
}

/** One request counted against a policy; a refusal is also counted in the metrics (by policy name, a fixed set). */
export async function limit(policy: PolicyName | (string & {}), identifier: string): Promise<RateLimitResult> {
  const result = await rateLimiter().limit(policy, identifier);
  if (!result.success) recordRateLimitRefusal(policy);
  return result;
}

/** What is left of a policy's window for an identifier, counting nothing (0 when the backend fails). */
export function remaining(policy: PolicyName | (string & {}), identifier: string): Promise<number> {
  return rateLimiter().remaining(policy, identifier);
}

/** For the health probe: can the limiter's backend answer right now? */
export function checkBackend(): Promise<BackendStatus> {
  return rateLimiter().checkBackend();
}

/** Tests switch backends between cases; production never calls this. */
export async function resetRateLimiterForTests(): Promise<void> {
  const holder = globalThis as Holder;
  const current = holder[SHARED];
  delete holder[SHARED];
  await current?.close();
}

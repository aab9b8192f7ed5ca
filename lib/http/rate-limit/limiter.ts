import { Ratelimit } from '@upstash/ratelimit';
import type { Logger } from 'pino';
import { logger } from '@/lib/log';
import { everyMs } from '../../log';
import type {
  BackendStatus,
  PolicyName,
  RateLimitBackend,
  RateLimitPolicies,
  RateLimitPolicy,
  RateLimitResult,
} from './types';

/** Retry-After when the backend failed: a short outage should not push clients a whole window away. */
export const FAILURE_RETRY_SECONDS = 5;

export interface RateLimiterOptions {
  backend: RateLimitBackend;
  policies: RateLimitPolicies;
  /** Short on purpose: past it the request is refused (the library itself would let it through). */
  timeoutMs: number;
  /** Key namespace; tests pass a unique one so they never share counters. */
  prefix?: string;
  log?: Logger;
}

export interface RateLimiter {
  limit(policy: PolicyName | (string & {}), identifier: string): Promise<RateLimitResult>;
  /** What is left of the identifier's window without counting anything; 0 when the backend fails (fail closed). */
  remaining(policy: PolicyName | (string & {}), identifier: string): Promise<number>;
  checkBackend(): Promise<BackendStatus>;
  close(): Promise<void>;
}

export function secondsUntil(epochMs: number, now = Date.now()): number {
  return Math.max(0, Math.ceil((epochMs - now) / 1000));
}

function refused(policy: RateLimitPolicy): RateLimitResult {
  return { success: false, limit: policy.limit, remaining: 0, resetSeconds: FAILURE_RETRY_SECONDS, failure: true };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Fixed windows over `@upstash/ratelimit`, failing CLOSED: the library answers `success: true` with
 * `reason: 'timeout'` when its backend is slow, and throws when it is down; both become a refusal.
 */
export function createRateLimiter({
  backend,
  policies,
  timeoutMs,
  prefix = 'bps:rl',
  log,
}: RateLimiterOptions): RateLimiter {
  const limiters = new Map<string, Ratelimit>();
  const warnNow = everyMs(30_000);

  const policyFor = (name: string): RateLimitPolicy => {
    const policy = policies[name];
    if (!policy) throw new TypeError(`Unknown rate-limit policy "${name}"`);
    return policy;
  };

  const limiterFor = (name: string, policy: RateLimitPolicy): Ratelimit => {
    let limiter = limiters.get(name);
    if (!limiter) {
      limiter = new Ratelimit({
        redis: backend.client,
        limiter: Ratelimit.fixedWindow(policy.limit, `${policy.windowSeconds} s`),
        prefix: `${prefix}:${name}`,
        timeout: timeoutMs,
        // The ephemeral cache remembers blocked identifiers in memory; the store is the one truth.
        ephemeralCache: false,
        analytics: false,
        enableTelemetry: false,
      });
      limiters.set(name, limiter);
    }
    return limiter;
  };

  const reportFailure = (policy: string, cause: unknown) => {
    if (!warnNow()) return;
    const message = cause instanceof Error ? cause.message : String(cause);
    (log ?? logger()).warn({ backend: backend.name, policy, cause: message }, 'rate limiter failed; refusing requests');
  };

  return {
    async limit(name, identifier) {
      const policy = policyFor(name);
      try {
        const result = await limiterFor(name, policy).limit(identifier);
        if (result.reason === 'timeout') {
          reportFailure(name, `no answer within ${timeoutMs} ms`);
          return refused(policy);
        }
        const { success, limit, remaining, reset } = result;
        return { success, limit, remaining, resetSeconds: secondsUntil(reset) };
      } catch (error) {
        reportFailure(name, error);
        return refused(policy);
      }
    },
    async remaining(name, identifier) {
      const policy = policyFor(name);
      try {
        const { remaining } = await withTimeout(limiterFor(name, policy).getRemaining(identifier), timeoutMs);
        return Math.max(0, remaining);
      } catch (error) {
        reportFailure(name, error);
        return 0;
      }
    },
    async checkBackend() {
      try {
        await withTimeout(backend.ping(), timeoutMs);
        return 'ok';
      } catch {
        return 'error';
      }
    },
    close: () => backend.close(),
  };
}

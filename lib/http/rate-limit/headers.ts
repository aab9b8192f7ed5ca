import type { RateLimitResult } from './types';

const whole = (n: number) => String(Math.max(0, Math.floor(n)));

/** RateLimit-Limit/Remaining/Reset (integers, Reset in delta seconds) and, on a refusal, Retry-After. */
export function rateLimitHeaders(result: RateLimitResult): Record<string, string> {
  const headers: Record<string, string> = {
    'RateLimit-Limit': whole(result.limit),
    'RateLimit-Remaining': whole(result.remaining),
    'RateLimit-Reset': whole(result.resetSeconds),
  };
  if (!result.success) headers['Retry-After'] = whole(Math.max(1, result.resetSeconds));
  return headers;
}

/**
 * The limit a client is closest to, when several applied (edge and a route's own): a refusal first
 * (the longest wait), else the fewest remaining requests.
 */
export function tightestLimit(...results: Array<RateLimitResult | undefined>): RateLimitResult | undefined {
  const applied = results.filter((r): r is RateLimitResult => r !== undefined);
  const refusals = applied.filter((r) => !r.success);
  if (refusals.length > 0) return refusals.reduce((a, b) => (b.resetSeconds > a.resetSeconds ? b : a));
  if (applied.length === 0) return undefined;
  return applied.reduce((a, b) => (b.remaining < a.remaining ? b : a));
}

/**
 * Request header carrying the middleware's edge result to a route that applies its own limit, so the
 * route can answer with the tightest of both. Internal: the middleware overwrites any client copy.
 */
export const EDGE_RATE_LIMIT_HEADER = 'x-service-edge-rate-limit';

export function encodeEdgeLimit(result: RateLimitResult): string {
  return `limit=${whole(result.limit)}, remaining=${whole(result.remaining)}, reset=${whole(result.resetSeconds)}`;
}

export function edgeLimitFromHeaders(headers: Pick<Headers, 'get'>): RateLimitResult | undefined {
  const value = headers.get(EDGE_RATE_LIMIT_HEADER);
  if (!value) return undefined;
  const fields = new Map(value.split(',').map((part) => part.trim().split('=') as [string, string]));
  const [limit, remaining, reset] = ['limit', 'remaining', 'reset'].map((name) => Number(fields.get(name)));
  if (![limit, remaining, reset].every((n) => Number.isInteger(n) && n >= 0)) return undefined;
  // Only requests the edge let through reach a route.
  return { success: true, limit, remaining, resetSeconds: reset };
}

import { Redis as IORedis } from 'ioredis';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pinClockIntoWindow, TEST_POLICIES, uniquePrefix } from '../../../testing/rate-limit';
import { createRateLimiter, type RateLimiter } from './limiter';
import { createRedisBackend } from './redis-store';

const silent = pino({ level: 'silent' });
const opened: RateLimiter[] = [];

/** A limiter on Redis with a key prefix of its own, unless it is to share one with another (closed after each test). */
function redisLimiter(url: string, prefix = uniquePrefix('redis')): RateLimiter {
  const limiter = createRateLimiter({
    backend: createRedisBackend(url, { connectTimeoutMs: 1000, log: silent }),
    policies: TEST_POLICIES,
    timeoutMs: 1000,
    prefix,
    log: silent,
  });
  opened.push(limiter);
  return limiter;
}

afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(opened.splice(0).map((l) => l.close()));
});

// Needs a real Redis: runs only when REDIS_URL is set (e.g. REDIS_URL=redis://127.0.0.1:6379), since
// CI machines without one would otherwise fail on the connection, not on the behaviour under test.
describe.skipIf(!process.env.REDIS_URL)('self-hosted Redis backend (REDIS_URL)', () => {
  const url = process.env.REDIS_URL as string;

  it('lets exactly `limit` requests through in a window, then refuses (library scripts on stock Redis)', async () => {
    pinClockIntoWindow();
    const limiter = redisLimiter(url);
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.limit('dpp', 'ip:203.0.113.9'));
    expect(results.map((r) => r.success)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
    expect(results.every((r) => r.failure === undefined && r.resetSeconds === 59)).toBe(true);
  });

  it('shares counters between two limiters on the same prefix (two processes, one Redis)', async () => {
    pinClockIntoWindow();
    const prefix = uniquePrefix('shared');
    const [a, b] = [redisLimiter(url, prefix), redisLimiter(url, prefix)];
    await a.limit('dpp', 'ip:x');
    await b.limit('dpp', 'ip:x');
    expect(await a.limit('dpp', 'ip:x')).toMatchObject({ success: true, remaining: 0 });
    expect(await b.limit('dpp', 'ip:x')).toMatchObject({ success: false });
  });

  it('keeps counting after Redis forgets its scripts (real NOSCRIPT falls back to the stripped eval)', async () => {
    pinClockIntoWindow();
    const limiter = redisLimiter(url);
    await limiter.limit('dpp', 'ip:y');
    const admin = new IORedis(url, { maxRetriesPerRequest: 0 });
    try {
      await admin.script('FLUSH');
    } finally {
      admin.disconnect();
    }
    expect(await limiter.limit('dpp', 'ip:y')).toMatchObject({ success: true, remaining: 1 });
    expect(await limiter.limit('dpp', 'ip:y')).toMatchObject({ success: true, remaining: 0 });
  });

  it('reports the backend healthy', async () => {
    expect(await redisLimiter(url).checkBackend()).toBe('ok');
  });
});

// Needs no Redis at all (nothing listens on port 1), so it runs everywhere.
describe('self-hosted Redis backend that is down', () => {
  it('refuses at once (fail closed) when nothing listens at the Redis address', async () => {
    const limiter = redisLimiter('redis://127.0.0.1:1');
    const started = performance.now();
    const first = await limiter.limit('edge', 'ip:a');
    const second = await limiter.limit('edge', 'ip:a');
    expect(performance.now() - started).toBeLessThan(3000);
    expect(first).toMatchObject({ success: false, failure: true });
    expect(second).toMatchObject({ success: false, failure: true });
    expect(await limiter.checkBackend()).toBe('error');
  });
});

import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pinClockIntoWindow, TEST_POLICIES, uniquePrefix, WINDOW_MS } from '../../../testing/rate-limit';
import { createRateLimiter, FAILURE_RETRY_SECONDS } from './limiter';
import { createMemoryBackend } from './memory-store';
import { asLibraryClient, type RateLimitBackend } from './types';

const silent = pino({ level: 'silent' });

const memoryLimiter = () =>
  createRateLimiter({
    backend: createMemoryBackend(),
    policies: TEST_POLICIES,
    timeoutMs: 500,
    prefix: uniquePrefix('mem'),
    log: silent,
  });

afterEach(() => {
  vi.useRealTimers();
});

describe('memory-backed fixed window', () => {
  it('lets exactly `limit` requests through in a window, then refuses', async () => {
    pinClockIntoWindow();
    const limiter = memoryLimiter();
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.limit('dpp', 'ip:203.0.113.9'));
    expect(results.map((r) => r.success)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
    expect(results.every((r) => r.limit === 3 && r.failure === undefined)).toBe(true);
  });

  it('counts each identifier separately', async () => {
    pinClockIntoWindow();
    const limiter = memoryLimiter();
    for (let i = 0; i < 3; i++) await limiter.limit('dpp', 'ip:a');
    expect((await limiter.limit('dpp', 'ip:a')).success).toBe(false);
    expect(await limiter.limit('dpp', 'ip:b')).toMatchObject({ success: true, remaining: 2 });
  });

  it('counts each policy separately for the same identifier', async () => {
    pinClockIntoWindow();
    const limiter = memoryLimiter();
    for (let i = 0; i < 3; i++) await limiter.limit('dpp', 'ip:a');
    expect(await limiter.limit('edge', 'ip:a')).toMatchObject({ success: true, limit: 5, remaining: 4 });
  });

  it('reports reset as delta seconds to the window end, not an epoch timestamp', async () => {
    pinClockIntoWindow();
    const limiter = memoryLimiter();
    expect((await limiter.limit('edge', 'ip:a')).resetSeconds).toBe(59);
  });

  it('starts a fresh count in the next window', async () => {
    const start = pinClockIntoWindow();
    const limiter = memoryLimiter();
    for (let i = 0; i < 4; i++) await limiter.limit('dpp', 'ip:a');
    vi.setSystemTime(start + WINDOW_MS + 10);
    expect(await limiter.limit('dpp', 'ip:a')).toMatchObject({ success: true, remaining: 2, resetSeconds: 60 });
  });

  it('refuses to guess a limit for an unknown policy', async () => {
    await expect(memoryLimiter().limit('nope', 'x')).rejects.toThrow(/Unknown rate-limit policy/);
  });

  it('reports its backend healthy', async () => {
    expect(await memoryLimiter().checkBackend()).toBe('ok');
  });
});

describe('failing closed', () => {
  const backendThat = (evalsha: () => Promise<unknown>, ping = evalsha): RateLimitBackend => ({
    name: 'redis',
    client: asLibraryClient({ evalsha, eval: evalsha, scriptLoad: async () => '' }),
    ping: async () => void (await ping()),
    close: async () => {},
  });

  it('refuses when the backend throws', async () => {
    const limiter = createRateLimiter({
      backend: backendThat(() => Promise.reject(new Error('ECONNREFUSED'))),
      policies: TEST_POLICIES,
      timeoutMs: 500,
      log: silent,
    });
    expect(await limiter.limit('edge', 'ip:a')).toEqual({
      success: false,
      limit: 5,
      remaining: 0,
      resetSeconds: FAILURE_RETRY_SECONDS,
      failure: true,
    });
    expect(await limiter.checkBackend()).toBe('error');
  });

  it('refuses when the backend does not answer within the timeout (the library would allow)', async () => {
    const never = () => new Promise<unknown>(() => {});
    const limiter = createRateLimiter({
      backend: backendThat(never),
      policies: TEST_POLICIES,
      timeoutMs: 20,
      log: silent,
    });
    expect(await limiter.limit('edge', 'ip:a')).toMatchObject({ success: false, failure: true });
    expect(await limiter.checkBackend()).toBe('error');
  });
});

import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { TEST_POLICIES } from '../../../testing/rate-limit';
import { createRateLimiter } from './limiter';
import { createUpstashBackend } from './upstash-store';

describe('Upstash REST backend that is unreachable', () => {
  it('refuses at once instead of retrying for seconds (client retries are off)', async () => {
    const limiter = createRateLimiter({
      backend: createUpstashBackend('http://127.0.0.1:1', 'token'),
      policies: TEST_POLICIES,
      timeoutMs: 1000,
      log: pino({ level: 'silent' }),
    });
    const started = performance.now();
    expect(await limiter.limit('edge', 'ip:a')).toMatchObject({ success: false, failure: true });
    expect(performance.now() - started).toBeLessThan(900);
    expect(await limiter.checkBackend()).toBe('error');
  });
});

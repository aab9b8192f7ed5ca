import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, executions, keyOf, readRoute, signedWrite, tenant } from '../../testing/integration-route';
import { pinClockIntoWindow } from '../../testing/rate-limit';
import { disconnectPrisma } from '../db/client';
import { resetRateLimiterForTests } from '../http/rate-limit';

// A fresh in-memory limiter per test, its clock pinned inside one fixed window, so no count straddles a reset.
beforeEach(async () => {
  await resetRateLimiterForTests();
  pinClockIntoWindow();
});
afterEach(() => vi.useRealTimers());
afterAll(async () => {
  await resetRateLimiterForTests();
  await disconnectPrisma();
});

const addressOf = (i: number) => `198.51.100.${(i % 250) + 1}`;

describe('promise 1: the per-key rate limit', () => {
  it('allows 100 requests a minute per key whatever the address; the 101st is 429 RATE_LIMITED with Retry-After', async () => {
    const { key } = await tenant();
    for (let i = 0; i < 100; i++) {
      const res = await call(readRoute, { method: 'GET', apiKey: key.key, address: addressOf(i) });
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-remaining')).toBe(String(99 - i));
    }
    const refused = await call(readRoute, { method: 'GET', apiKey: key.key, address: '203.0.113.99' });
    expect([refused.status, refused.body.error.code]).toEqual([429, 'RATE_LIMITED']);
    expect(refused.headers.get('ratelimit-limit')).toBe('100');
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    const reset = Number(refused.headers.get('ratelimit-reset'));
    expect(reset).toBeGreaterThan(0);
    expect(reset).toBeLessThanOrEqual(60);
    expect(refused.headers.get('retry-after')).toBe(String(reset));
    expect(refused.body.error.requestId).toBe(refused.headers.get('x-service-request-id'));
  });

  it('counts reads and writes together, and refuses a write over the limit before it executes', async () => {
    const { company, key } = await tenant();
    for (let i = 0; i < 99; i++)
      expect((await call(readRoute, { method: 'GET', apiKey: key.key, address: addressOf(i) })).status).toBe(200);
    expect((await signedWrite(key, { body: { name: 'last' } })).status).toBe(201);
    const refused = await signedWrite(key, { body: { name: 'over' } });
    expect([refused.status, refused.body.error.code]).toEqual([429, 'RATE_LIMITED']);
    expect(await executions(company.id)).toBe(1);
  });

  it('keeps separate counters for a live and a sandbox key of one company, and for two keys of one company', async () => {
    const live = await tenant();
    const sandbox = await keyOf(live.company.id, { mode: 'test' });
    const sibling = await keyOf(live.company.id);
    for (let i = 0; i < 101; i++) await call(readRoute, { method: 'GET', apiKey: live.key.key, address: addressOf(i) });
    expect((await call(readRoute, { method: 'GET', apiKey: live.key.key })).status).toBe(429);
    const other = await call(readRoute, { method: 'GET', apiKey: sandbox.key });
    expect([other.status, other.headers.get('ratelimit-remaining'), other.headers.get('x-service-mode')]).toEqual([
      200,
      '99',
      'test',
    ]);
    const second = await call(readRoute, { method: 'GET', apiKey: sibling.key });
    expect([second.status, second.headers.get('ratelimit-remaining')]).toEqual([200, '99']);
  });
});

import { describe, expect, it } from 'vitest';
import { isSuccess, MAX_ATTEMPTS, nextAttemptAt, RETRY_DELAYS_MS } from './schedule';

describe('the webhook retry schedule', () => {
  const t0 = new Date('2026-11-23T00:00:00.000Z');

  it('retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h: 8 attempts over about a day', () => {
    const delays = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => nextAttemptAt(i + 1, t0)!.getTime() - t0.getTime());
    expect(delays).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    const totalHours = RETRY_DELAYS_MS.reduce((a, b) => a + b, 0) / 3_600_000;
    expect(totalHours).toBeGreaterThan(20);
    expect(totalHours).toBeLessThan(30);
  });

  it('has nothing after the eighth failed attempt: the delivery is FAILED', () => {
    expect(MAX_ATTEMPTS).toBe(8);
    expect(nextAttemptAt(8, t0)).toBeNull();
    expect(nextAttemptAt(12, t0)).toBeNull();
  });

  it('counts only 2xx answers as delivered', () => {
    expect([200, 201, 204, 299].every(isSuccess)).toBe(true);
    expect([null, 199, 301, 400, 410, 500].some(isSuccess)).toBe(false);
  });
});

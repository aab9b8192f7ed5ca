import { afterEach, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '../../config';
import { isSuccess, MAX_ATTEMPTS, nextAttemptAt, RETRY_DELAYS_MS, retryDelaysMs } from './schedule';

describe('the webhook retry schedule', () => {
  const t0 = new Date('2026-11-23T00:00:00.000Z');

  it('retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h: 8 attempts over about a day', () => {
    const delays = Array.from(
      { length: MAX_ATTEMPTS - 1 },
      (_, i) => nextAttemptAt(i + 1, t0)!.getTime() - t0.getTime(),
    );
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

  describe('WEBHOOK_RETRY_DELAYS_MS', () => {
    afterEach(() => {
      delete process.env.WEBHOOK_RETRY_DELAYS_MS;
      resetConfigForTests();
    });

    it('replaces the schedule: its delays in order, then FAILED after one attempt more than it lists', () => {
      process.env.WEBHOOK_RETRY_DELAYS_MS = '1000, 2000,4000';
      resetConfigForTests();
      expect(retryDelaysMs()).toEqual([1000, 2000, 4000]);
      expect([1, 2, 3].map((n) => nextAttemptAt(n, t0)!.getTime() - t0.getTime())).toEqual([1000, 2000, 4000]);
      expect(nextAttemptAt(4, t0)).toBeNull();
    });

    it('is the reference schedule when unset, and a malformed list stops start-up naming the variable', () => {
      resetConfigForTests();
      expect(retryDelaysMs()).toEqual([...RETRY_DELAYS_MS]);
      for (const bad of ['', '5s', '1000,,2000', '0,1000', '-5']) {
        process.env.WEBHOOK_RETRY_DELAYS_MS = bad;
        resetConfigForTests();
        expect(() => retryDelaysMs(), bad).toThrow(/WEBHOOK_RETRY_DELAYS_MS/);
      }
    });
  });

  it('counts only 2xx answers as delivered', () => {
    expect([200, 201, 204, 299].every(isSuccess)).toBe(true);
    expect([null, 199, 301, 400, 410, 500].some(isSuccess)).toBe(false);
  });
});

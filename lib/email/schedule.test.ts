import { describe, expect, it } from 'vitest';
import { EMAIL_RETRY_DELAYS_MS, MAX_EMAIL_ATTEMPTS, nextEmailAttemptAt } from './schedule';

describe('the email retry schedule', () => {
  it('waits 1 min, 5 min, 30 min, 2 h and 6 h after failures 1 to 5, and gives up after the sixth', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    const delays = [1, 2, 3, 4, 5].map((n) => nextEmailAttemptAt(n, now)!.getTime() - now.getTime());
    expect(delays).toEqual([...EMAIL_RETRY_DELAYS_MS]);
    expect(MAX_EMAIL_ATTEMPTS).toBe(6);
    expect(nextEmailAttemptAt(6, now)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { JOBS } from '../../server/jobs';
import { deliverySession, webhookDeliveries } from './job';
import type { PassSummary } from './pass';

const onePass =
  (s: Partial<PassSummary> = {}) =>
  async (): Promise<PassSummary> => ({ fannedOut: 0, attempted: 0, succeeded: 0, disabled: 0, ...s });

/** A clock that only moves when the session waits: no real time passes in these tests. */
function fakeTime() {
  let now = 0;
  return { clock: () => now, wait: async (ms: number) => void (now += ms) };
}

describe('the webhook-deliveries job', () => {
  it('is in the job table, started every minute, a killed session never blocking the next (the lease keeps them apart)', () => {
    expect(JOBS).toContain(webhookDeliveries);
    expect(webhookDeliveries.cron).toBe('* * * * *');
    expect(webhookDeliveries.queue).toMatchObject({ policy: 'short' });
  });

  it('runs a pass every 2 s for its 50 s session and sums what the passes did', async () => {
    const output = await deliverySession({
      ...fakeTime(),
      pass: onePass({ attempted: 2, succeeded: 1 }),
      active: () => true,
    });
    expect(output).toEqual({ passes: 25, fannedOut: 0, attempted: 50, succeeded: 25, disabled: 0 });
  });

  it('ends after the current pass once the job runner stops, and always runs at least one pass', async () => {
    let running = true;
    let passes = 0;
    const pass = async () => {
      passes += 1;
      if (passes === 3) running = false;
      return onePass()();
    };
    expect((await deliverySession({ ...fakeTime(), pass, active: () => running })).passes).toBe(3);
    expect((await deliverySession({ ...fakeTime(), pass: onePass(), active: () => false })).passes).toBe(1);
  });
});

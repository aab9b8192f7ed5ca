import { describe, expect, it } from 'vitest';
import { passSession } from './pass-session';

const defaults = { pass: async () => ({ attempted: 1, sent: 1 }), empty: { attempted: 0, sent: 0 } };

describe('a worker session', () => {
  it('runs passes a pause apart until its time is up, adding up what they did', async () => {
    let now = 0;
    const result = await passSession(defaults, { sessionMs: 10_000, pauseMs: 2_000, active: () => true, clock: () => now, wait: async (ms) => void (now += ms) });
    expect(result).toEqual({ passes: 5, attempted: 5, sent: 5 });
  });

  it('stops after the current pass once the runner is stopping, and always runs at least one', async () => {
    const result = await passSession(defaults, { active: () => false, clock: () => 0, wait: async () => undefined });
    expect(result.passes).toBe(1);
  });
});

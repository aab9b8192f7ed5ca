import { describe, expect, it } from 'vitest';
import { passSession } from './pass-session';

/** What pg throws when a connect to a stopped database times out (lib/db/unavailable.ts). */
const lost = () => new Error('Connection terminated due to connection timeout');

const defaults = { pass: async () => ({ attempted: 1, sent: 1 }), empty: { attempted: 0, sent: 0 } };

describe('a worker session', () => {
  it('runs passes a pause apart until its time is up, adding up what they did', async () => {
    let now = 0;
    const result = await passSession(defaults, {
      sessionMs: 10_000,
      pauseMs: 2_000,
      active: () => true,
      clock: () => now,
      wait: async (ms) => void (now += ms),
    });
    expect(result).toEqual({ passes: 5, attempted: 5, sent: 5 });
  });

  it('stops after the current pass once the runner is stopping, and always runs at least one', async () => {
    const result = await passSession(defaults, { active: () => false, clock: () => 0, wait: async () => undefined });
    expect(result.passes).toBe(1);
  });

  it('goes on past a pass that found the database away, reporting it as a warning', async () => {
    let now = 0;
    let calls = 0;
    const warnings: unknown[] = [];
    const pass = async () => {
      calls += 1;
      if (calls === 2 || calls === 3) throw lost();
      return { attempted: 1, sent: 1 };
    };
    const result = await passSession(defaults, {
      pass,
      sessionMs: 10_000,
      pauseMs: 2_000,
      active: () => true,
      clock: () => now,
      wait: async (ms) => void (now += ms),
      log: { warn: (obj) => void warnings.push(obj) },
    });
    expect(result).toEqual({ passes: 5, attempted: 3, sent: 3 });
    expect(warnings).toEqual([
      { database: 'Connection terminated due to connection timeout' },
      { database: 'Connection terminated due to connection timeout' },
    ]);
  });

  it('does not end on such a pass: it keeps trying past its time until a pass succeeds, so its end is recorded', async () => {
    let now = 0;
    const pass = async () => {
      if (now >= 8_000 && now < 14_000) throw lost();
      return { attempted: 1, sent: 1 };
    };
    const result = await passSession(defaults, {
      pass,
      sessionMs: 10_000,
      pauseMs: 2_000,
      graceMs: 60_000,
      active: () => true,
      clock: () => now,
      wait: async (ms) => void (now += ms),
    });
    // Passes at 0, 2, 4, 6 s succeed, 8, 10, 12 s fail, the one at 14 s succeeds and ends the session.
    expect(result).toEqual({ passes: 8, attempted: 5, sent: 5 });
    expect(now).toBe(14_000);
  });

  it('gives up at the end of the grace when the database stays away, and stops at once when the runner stops', async () => {
    let now = 0;
    const down = async (): Promise<{ attempted: number; sent: number }> => {
      throw lost();
    };
    const clock = { clock: () => now, wait: async (ms: number) => void (now += ms) };
    const result = await passSession(defaults, {
      pass: down,
      sessionMs: 10_000,
      pauseMs: 2_000,
      graceMs: 6_000,
      active: () => true,
      ...clock,
    });
    expect(result).toEqual({ passes: 8, attempted: 0, sent: 0 });
    expect(now).toBeLessThanOrEqual(16_000);
    now = 0;
    expect((await passSession(defaults, { pass: down, active: () => false, ...clock })).passes).toBe(1);
  });

  it("still fails on any other error, as the job's failure", async () => {
    const broken = async (): Promise<{ attempted: number; sent: number }> => {
      throw new TypeError('bug');
    };
    await expect(
      passSession(defaults, { pass: broken, active: () => true, clock: () => 0, wait: async () => undefined }),
    ).rejects.toThrow('bug');
  });
});

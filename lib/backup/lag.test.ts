import { describe, expect, it } from 'vitest';
import type { BackupLag } from '../health';
import { sharedLagReader } from './lag';

function counted(results: (BackupLag | Error)[]) {
  const calls = { n: 0 };
  const read = () => {
    const r = results[Math.min(calls.n, results.length - 1)];
    calls.n += 1;
    return r instanceof Error ? Promise.reject(r) : Promise.resolve(r);
  };
  return { calls, read };
}

describe('sharedLagReader: health probes share one lag query', () => {
  it('answers every caller within the time to live from one query, and queries again after it', async () => {
    let now = 1_000;
    const { calls, read } = counted([
      { pending: 3, lagSeconds: 7 },
      { pending: 0, lagSeconds: 0 },
    ]);
    const reader = sharedLagReader(read, 5_000, () => now);
    expect(await Promise.all([reader(), reader(), reader()])).toEqual([
      { pending: 3, lagSeconds: 7 },
      { pending: 3, lagSeconds: 7 },
      { pending: 3, lagSeconds: 7 },
    ]);
    now += 4_999;
    expect(await reader()).toEqual({ pending: 3, lagSeconds: 7 });
    expect(calls.n).toBe(1);
    now += 1;
    expect(await reader()).toEqual({ pending: 0, lagSeconds: 0 });
    expect(calls.n).toBe(2);
  });

  it('does not keep a failed reading: the next caller asks again', async () => {
    const { calls, read } = counted([new Error('database gone'), { pending: 1, lagSeconds: 2 }]);
    const reader = sharedLagReader(read, 5_000, () => 0);
    await expect(reader()).rejects.toThrow('database gone');
    expect(await reader()).toEqual({ pending: 1, lagSeconds: 2 });
    expect(calls.n).toBe(2);
  });
});

import { describe, expect, it } from 'vitest';
import { eachAtOnce } from './each-at-once';

describe('eachAtOnce', () => {
  it('calls fn once per item, never more than `concurrency` at a time', async () => {
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    await eachAtOnce([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setImmediate(resolve));
      seen.push(n);
      running -= 1;
    });
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it('does nothing for no items and rejects when a call throws', async () => {
    await eachAtOnce([], 4, async () => {
      throw new Error('never called');
    });
    await expect(
      eachAtOnce([1, 2], 2, async (n) => {
        if (n === 2) throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
  });
});

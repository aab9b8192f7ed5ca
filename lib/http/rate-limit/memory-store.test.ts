import { describe, expect, it } from 'vitest';
import { createMemoryBackend } from './memory-store';

const client = () =>
  createMemoryBackend().client as unknown as {
    evalsha(hash: string, keys: string[], args: unknown[]): Promise<unknown>;
    eval(script: string, keys: string[], args: unknown[]): Promise<unknown>;
  };

describe('in-memory script store', () => {
  it('answers NOSCRIPT for a hash it does not know, so the library falls back to eval', async () => {
    await expect(client().evalsha('0'.repeat(40), ['k'], [])).rejects.toThrow(/NOSCRIPT/);
  });

  it('refuses scripts other than the fixed window ones (the limiter then fails closed)', async () => {
    await expect(client().eval('return 1', [], [])).rejects.toThrow(/only fixed-window/);
  });
});

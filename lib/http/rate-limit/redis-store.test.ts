import type { Redis as IORedis } from 'ioredis';
import { describe, expect, it, vi } from 'vitest';
import { createScriptClient } from './redis-store';
import { sha1, stripShebang } from './scripts';

const SCRIPT = '#!lua flags=allow-key-locking\n  return redis.call("INCRBY", KEYS[1], ARGV[1])\n';

function fakeRedis() {
  return {
    eval: vi.fn(async () => 1),
    evalsha: vi.fn(async () => 2),
    script: vi.fn(async () => 'loaded'),
  };
}

describe('self-hosted Redis script adapter', () => {
  it('strips only a leading shebang line', () => {
    expect(stripShebang(SCRIPT)).toBe('  return redis.call("INCRBY", KEYS[1], ARGV[1])\n');
    expect(stripShebang('return 1')).toBe('return 1');
  });

  it('answers NOSCRIPT for a library hash it has not mapped yet, without a Redis round trip', async () => {
    const redis = fakeRedis();
    const client = createScriptClient(redis as unknown as IORedis, async () => {});
    await expect(client.evalsha(sha1(SCRIPT), ['k'], [1])).rejects.toThrow(/NOSCRIPT/);
    expect(redis.evalsha).not.toHaveBeenCalled();
  });

  it('runs the stripped script on eval and then maps the library hash to the stripped hash', async () => {
    const redis = fakeRedis();
    const client = createScriptClient(redis as unknown as IORedis, async () => {});
    await client.eval(SCRIPT, ['k'], [1, null]);
    expect(redis.eval).toHaveBeenCalledWith(stripShebang(SCRIPT), 1, 'k', 1, '');
    await client.evalsha(sha1(SCRIPT), ['k'], [1]);
    expect(redis.evalsha).toHaveBeenCalledWith(sha1(stripShebang(SCRIPT)), 1, 'k', 1);
  });

  it('loads the stripped script and returns the library hash from scriptLoad', async () => {
    const redis = fakeRedis();
    const client = createScriptClient(redis as unknown as IORedis, async () => {});
    expect(await client.scriptLoad(SCRIPT)).toBe(sha1(SCRIPT));
    expect(redis.script).toHaveBeenCalledWith('LOAD', stripShebang(SCRIPT));
  });
});

describe('self-hosted Redis backend connection', () => {
  it('drops a connection that opens but never answers, and tries again instead of staying closed', async () => {
    const { createServer } = await import('node:net');
    const { createRedisBackend } = await import('./redis-store');
    let connections = 0;
    const held = new Set<import('node:net').Socket>();
    const silent = createServer((socket) => {
      connections += 1;
      held.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const backend = createRedisBackend(`redis://127.0.0.1:${port}`, {
      connectTimeoutMs: 200,
      log: { warn: () => undefined } as never,
    });
    try {
      await expect(backend.ping()).rejects.toThrow();
      const deadline = Date.now() + 10_000;
      while (connections < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(connections).toBeGreaterThanOrEqual(2);
    } finally {
      await backend.close();
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

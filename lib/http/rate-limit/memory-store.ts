import { sha1 } from './scripts';
import { asLibraryClient, type RateLimitBackend, type ScriptClient } from './types';

/**
 * `@upstash/ratelimit` has no store of its own: it runs Lua scripts on Redis. This Map gives it the
 * two scripts a single-region fixed window runs, recognised by the SHA-1 the library pins for them
 * (@upstash/ratelimit 2.2.0; the limiter tests fail if an upgrade changes them).
 */
const FIXED_WINDOW_LIMIT_SHA = 'b2efc02798c8e9b471a10f9b1d5745db89923ff3';
const FIXED_WINDOW_REMAINING_SHA = '823cb2a5a902d69681244f5e28e5ebb8f2a89edd';

interface Counter {
  value: number;
  expiresAt: number;
}

const SWEEP_EVERY_WRITES = 1000;

export function createMemoryBackend(): RateLimitBackend {
  const counters = new Map<string, Counter>();
  let writes = 0;

  const read = (key: string, now: number): number => {
    const counter = counters.get(key);
    if (!counter) return 0;
    if (counter.expiresAt <= now) {
      counters.delete(key);
      return 0;
    }
    return counter.value;
  };

  // Keys carry the window number, so expired ones are only garbage: drop them now and then.
  const sweep = (now: number) => {
    if (++writes % SWEEP_EVERY_WRITES !== 0) return;
    for (const [key, counter] of counters) if (counter.expiresAt <= now) counters.delete(key);
  };

  // Mirrors the library's scripts: INCRBY, PEXPIRE on the first increment, reply {used, limit}.
  const scripts: Record<string, (keys: string[], args: unknown[]) => unknown> = {
    [FIXED_WINDOW_LIMIT_SHA]: ([key], [tokens, windowMs, incrementBy]) => {
      const now = Date.now();
      const increment = Number(incrementBy);
      const value = read(key, now) + increment;
      const existing = counters.get(key);
      counters.set(key, { value, expiresAt: existing ? existing.expiresAt : now + Number(windowMs) });
      sweep(now);
      return [value, Number(tokens)];
    },
    [FIXED_WINDOW_REMAINING_SHA]: ([key], [tokens]) => [Number(tokens) - read(key, Date.now()), Number(tokens)],
  };

  const client: ScriptClient = {
    async evalsha(hash, keys, args) {
      const script = scripts[hash];
      if (!script) throw new Error('NOSCRIPT the in-memory rate-limit store does not know this script');
      return script(keys, args);
    },
    async eval(script, keys, args) {
      const known = scripts[sha1(script)];
      if (!known) throw new Error('The in-memory rate-limit store runs only fixed-window scripts');
      return known(keys, args);
    },
    async scriptLoad(script) {
      return sha1(script);
    },
  };

  return {
    name: 'memory',
    client: asLibraryClient(client),
    ping: async () => {},
    close: async () => counters.clear(),
  };
}

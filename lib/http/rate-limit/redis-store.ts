import { Redis as IORedis } from 'ioredis';
import type { Logger } from 'pino';
import { logger } from '@/lib/log';
import { everyMs } from '../../log';
import { sha1, stripShebang } from './scripts';
import { asLibraryClient, type RateLimitBackend, type ScriptClient } from './types';

const toArg = (value: unknown): string | number =>
  typeof value === 'number' ? value : value == null ? '' : String(value);

/**
 * `@upstash/ratelimit` calls EVALSHA with the hash of its own script and falls back to EVAL when the
 * error says NOSCRIPT. Redis only knows the stripped script, so we remember library hash → stripped
 * hash when a script passes through EVAL, and answer NOSCRIPT locally for a hash we have not seen.
 */
export function createScriptClient(redis: IORedis, ready: () => Promise<void>): ScriptClient {
  const strippedHash = new Map<string, string>();

  const remember = (script: string): string => {
    const stripped = stripShebang(script);
    strippedHash.set(sha1(script), sha1(stripped));
    return stripped;
  };

  return {
    async eval(script, keys, args) {
      const stripped = remember(script);
      await ready();
      return redis.eval(stripped, keys.length, ...keys, ...args.map(toArg));
    },
    async evalsha(hash, keys, args) {
      const known = strippedHash.get(hash);
      if (!known) throw new Error('NOSCRIPT No matching script (not yet loaded through this adapter)');
      await ready();
      // After a Redis restart this is a real NOSCRIPT, and the library falls back to eval again.
      return redis.evalsha(known, keys.length, ...keys, ...args.map(toArg));
    },
    async scriptLoad(script) {
      const stripped = remember(script);
      await ready();
      await redis.script('LOAD', stripped);
      return sha1(script);
    },
  };
}

export interface RedisBackendOptions {
  connectTimeoutMs: number;
  log?: Logger;
}

/**
 * Self-hosted Redis through ioredis. No offline queue and no per-command retries: while Redis is
 * down every command fails at once, so the limiter answers 429 instead of waiting.
 */
export function createRedisBackend(url: string, { connectTimeoutMs, log }: RedisBackendOptions): RateLimitBackend {
  const redis = new IORedis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: connectTimeoutMs,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  const warnNow = everyMs(30_000);
  // Without a listener ioredis prints every reconnect failure; an event handler must never throw.
  redis.on('error', (err: Error) => {
    try {
      if (warnNow()) (log ?? logger()).warn({ cause: err.message }, 'rate-limit Redis unavailable');
    } catch {}
  });

  // ioredis times out the TCP connect only: a connection that opens and then never answers its handshake (a hung
  // proxy, a Redis stuck in loading) would keep the client in 'connect' for ever, and the limiter closed. Such a
  // connection is dropped after the same timeout, so the retry strategy tries again.
  redis.on('connect', () => {
    const stuck = setTimeout(() => {
      if (redis.status === 'connect') redis.disconnect(true);
    }, connectTimeoutMs);
    stuck.unref();
    const clear = () => clearTimeout(stuck);
    redis.once('ready', clear);
    redis.once('close', clear);
  });

  let connecting: Promise<void> | undefined;
  // Only the first connection (or one after close) is awaited; a reconnecting client refuses at once.
  const ready = async (): Promise<void> => {
    if (redis.status === 'ready') return;
    if (redis.status === 'wait' || redis.status === 'end') {
      connecting ??= redis.connect().finally(() => (connecting = undefined));
    }
    if (connecting) return connecting;
    throw new Error(`Rate-limit Redis is ${redis.status}`);
  };

  return {
    name: 'redis',
    client: asLibraryClient(createScriptClient(redis, ready)),
    ping: async () => {
      await ready();
      await redis.ping();
    },
    close: async () => redis.disconnect(),
  };
}

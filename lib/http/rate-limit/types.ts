import type { Redis } from '@upstash/redis';

export type PolicyName = 'edge' | 'dpp' | 'apiKey' | 'bmsSecret';

export interface RateLimitPolicy {
  limit: number;
  windowSeconds: number;
}

export type RateLimitPolicies = Record<PolicyName, RateLimitPolicy> & Record<string, RateLimitPolicy>;

export interface RateLimitResult {
  success: boolean;
  limit: number;
  remaining: number;
  /** Delta seconds until the window resets (the library's `reset` is epoch milliseconds). */
  resetSeconds: number;
  /** The backend failed or timed out: the request is refused (fail closed), not counted. */
  failure?: true;
}

export type BackendStatus = 'ok' | 'error';

/** What the limiter needs from a counter store: a client `@upstash/ratelimit` accepts, and a probe. */
export interface RateLimitBackend {
  name: 'memory' | 'redis' | 'upstash';
  /** Typed as the library's client; ours implement only the script calls a fixed window makes. */
  client: Pick<Redis, 'evalsha' | 'get' | 'set'>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The script-running subset of Redis that `@upstash/ratelimit` fixed windows call. */
export interface ScriptClient {
  eval(script: string, keys: string[], args: unknown[]): Promise<unknown>;
  evalsha(sha1: string, keys: string[], args: unknown[]): Promise<unknown>;
  scriptLoad(script: string): Promise<string>;
}

/** Our script clients stand in for `@upstash/redis`; the library only reaches eval/evalsha on this path. */
export function asLibraryClient(client: ScriptClient): RateLimitBackend['client'] {
  return client as unknown as RateLimitBackend['client'];
}

import type { Config } from '@/lib/config';
import { createMemoryBackend } from './memory-store';
import { createRedisBackend } from './redis-store';
import type { RateLimitBackend } from './types';
import { createUpstashBackend } from './upstash-store';

type BackendConfig = Pick<
  Config,
  'RATE_LIMIT_BACKEND' | 'REDIS_URL' | 'UPSTASH_REDIS_REST_URL' | 'UPSTASH_REDIS_REST_TOKEN' | 'RATE_LIMIT_TIMEOUT_MS'
>;

/** The counter store named by RATE_LIMIT_BACKEND; a backend without its settings is a start-up error. */
export function backendFromConfig(cfg: BackendConfig): RateLimitBackend {
  switch (cfg.RATE_LIMIT_BACKEND) {
    case 'memory':
      return createMemoryBackend();
    case 'redis':
      if (!cfg.REDIS_URL) throw new Error('RATE_LIMIT_BACKEND=redis needs REDIS_URL');
      return createRedisBackend(cfg.REDIS_URL, { connectTimeoutMs: cfg.RATE_LIMIT_TIMEOUT_MS });
    case 'upstash':
      if (!cfg.UPSTASH_REDIS_REST_URL || !cfg.UPSTASH_REDIS_REST_TOKEN) {
        throw new Error('RATE_LIMIT_BACKEND=upstash needs UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN');
      }
      return createUpstashBackend(cfg.UPSTASH_REDIS_REST_URL, cfg.UPSTASH_REDIS_REST_TOKEN);
  }
}

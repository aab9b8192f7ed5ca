import { Redis } from '@upstash/redis';
import type { RateLimitBackend } from './types';

/**
 * Upstash over REST. Retries are off: the client's default retries for about 4 s before an error
 * surfaces, while the contract wants a dead backend to answer 429 at once.
 */
export function createUpstashBackend(url: string, token: string): RateLimitBackend {
  const redis = new Redis({ url, token, retry: false, enableTelemetry: false, enableAutoPipelining: false });
  return {
    name: 'upstash',
    client: redis,
    ping: async () => {
      await redis.ping();
    },
    close: async () => {},
  };
}

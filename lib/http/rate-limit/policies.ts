import type { Config } from '@/lib/config';
import type { RateLimitPolicies } from './types';

const MINUTE = 60;

/** The contract's limits: edge per client address, public DPP per address, Integration API per key. */
export function policiesFromConfig(
  cfg: Pick<Config, 'RATE_LIMIT_EDGE_PER_MINUTE' | 'RATE_LIMIT_DPP_PER_MINUTE' | 'RATE_LIMIT_API_KEY_PER_MINUTE'>,
): RateLimitPolicies {
  return {
    edge: { limit: cfg.RATE_LIMIT_EDGE_PER_MINUTE, windowSeconds: MINUTE },
    dpp: { limit: cfg.RATE_LIMIT_DPP_PER_MINUTE, windowSeconds: MINUTE },
    apiKey: { limit: cfg.RATE_LIMIT_API_KEY_PER_MINUTE, windowSeconds: MINUTE },
  };
}

import type { Config } from '@/lib/config';
import type { RateLimitPolicies } from './types';

const MINUTE = 60;

/**
 * The BMS endpoint's default budget per secret (the contract leaves it open; RATE_LIMIT_BMS_PER_SECOND changes it): a
 * fleet of 1,000 batteries reporting once a minute fits.
 */
export const BMS_SECRET_PER_SECOND = 20;

/** Portal sign-in attempts per client address and per account, failed or not: slows password guessing. */
export const SIGN_IN_PER_MINUTE = 10;

/**
 * Wrong passwords that lock an account, and for how long (lib/portal/auth/verify-login.ts). An email without an
 * account gets as many wrong guesses per window before it is refused alike, so a lockout names no account.
 */
export const SIGN_IN_LOCK_AFTER_FAILURES = 5;
export const SIGN_IN_LOCK_MINUTES = 15;

/** Restricted-access requests per client address and per email address: slows form spam and mail bombing. */
export const POLI_REQUESTS_PER_ADDRESS_PER_HOUR = 10;
export const POLI_REQUESTS_PER_EMAIL_PER_HOUR = 5;

/** The contract's limits: edge per client address, public DPP per address, Integration API per key, BMS per secret. */
export function policiesFromConfig(
  cfg: Pick<
    Config,
    | 'RATE_LIMIT_EDGE_PER_MINUTE'
    | 'RATE_LIMIT_DPP_PER_MINUTE'
    | 'RATE_LIMIT_API_KEY_PER_MINUTE'
    | 'RATE_LIMIT_BMS_PER_SECOND'
  >,
): RateLimitPolicies {
  return {
    edge: { limit: cfg.RATE_LIMIT_EDGE_PER_MINUTE, windowSeconds: MINUTE },
    dpp: { limit: cfg.RATE_LIMIT_DPP_PER_MINUTE, windowSeconds: MINUTE },
    apiKey: { limit: cfg.RATE_LIMIT_API_KEY_PER_MINUTE, windowSeconds: MINUTE },
    bmsSecret: { limit: cfg.RATE_LIMIT_BMS_PER_SECOND, windowSeconds: 1 },
    poliRequestAddress: { limit: POLI_REQUESTS_PER_ADDRESS_PER_HOUR, windowSeconds: 60 * MINUTE },
    poliRequestEmail: { limit: POLI_REQUESTS_PER_EMAIL_PER_HOUR, windowSeconds: 60 * MINUTE },
    signIn: { limit: SIGN_IN_PER_MINUTE, windowSeconds: MINUTE },
    signInUnknownAccount: { limit: SIGN_IN_LOCK_AFTER_FAILURES, windowSeconds: SIGN_IN_LOCK_MINUTES * MINUTE },
  };
}

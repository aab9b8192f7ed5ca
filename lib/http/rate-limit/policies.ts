import type { Config } from '@/lib/config';
import type { RateLimitPolicies } from './types';

const MINUTE = 60;

/**
 * The BMS endpoint's default budget per secret (the contract leaves it open; RATE_LIMIT_BMS_PER_SECOND changes it): a
 * fleet of 1,000 batteries reporting once a minute fits.
 */
export const BMS_SECRET_PER_SECOND = 20;

/** Portal sign-in attempts per client address, failed or not: slows password guessing from one address. */
export const SIGN_IN_PER_MINUTE = 10;

/**
 * Wrong passwords for one (email, address) pair that refuse the pair, and the window they are counted in
 * (lib/portal/auth/verify-login.ts). Counted by email, so an email without an account is refused alike.
 */
export const SIGN_IN_PAIR_FAILURES = 5;
export const SIGN_IN_FAILURE_WINDOW_MINUTES = 15;

/**
 * Wrong passwords for one email from all addresses in the window after which the account is slowed down: an address
 * that has already failed on it is refused until the window ends, an address that has not is still heard.
 */
export const SIGN_IN_ACCOUNT_FAILURES = 10;

/** Restricted-access requests per client address and per email address: slows form spam and mail bombing. */
export const POLI_REQUESTS_PER_ADDRESS_PER_HOUR = 10;
export const POLI_REQUESTS_PER_EMAIL_PER_HOUR = 5;

/** "Forgot password" requests per client address and per email address: slows mail bombing and account probing. */
export const PASSWORD_RESETS_PER_ADDRESS_PER_HOUR = 10;
export const PASSWORD_RESETS_PER_EMAIL_PER_HOUR = 3;

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
    passwordResetAddress: { limit: PASSWORD_RESETS_PER_ADDRESS_PER_HOUR, windowSeconds: 60 * MINUTE },
    passwordResetEmail: { limit: PASSWORD_RESETS_PER_EMAIL_PER_HOUR, windowSeconds: 60 * MINUTE },
    signInFailures: { limit: SIGN_IN_PAIR_FAILURES, windowSeconds: SIGN_IN_FAILURE_WINDOW_MINUTES * MINUTE },
    signInAccountFailures: { limit: SIGN_IN_ACCOUNT_FAILURES, windowSeconds: SIGN_IN_FAILURE_WINDOW_MINUTES * MINUTE },
  };
}

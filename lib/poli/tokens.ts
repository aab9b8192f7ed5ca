import { randomBytes } from 'node:crypto';
import { constantTimeEqualHex, sha256Hex } from '../crypto/secrets';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Lifetimes of DESIGN.md: verification link 24 h, access link 7 days, a granted browser session 30 days. */
export const VERIFICATION_TTL_MS = DAY_MS;
export const ACCESS_TOKEN_TTL_MS = 7 * DAY_MS;
export const GRANT_TTL_MS = 30 * DAY_MS;

export interface IssuedToken {
  /** Goes into the link or cookie once; never stored. */
  token: string;
  /** What the database keeps. */
  hash: string;
}

/** 32 random bytes, base64url: the link or cookie value; only its SHA-256 is stored. */
export function issueToken(): IssuedToken {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256Hex(token) };
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The stored hash a presented token would have, or null when it cannot be one of ours (no lookup needed). */
export function hashPresentedToken(token: string | null | undefined): string | null {
  return typeof token === 'string' && TOKEN_SHAPE.test(token) ? sha256Hex(token) : null;
}

/** The row found by hash is compared once more in constant time, so the match never rests on the index alone. */
export const sameHash = (stored: string | null, presented: string): boolean =>
  stored !== null && constantTimeEqualHex(stored, presented);

export const later = (now: Date, ms: number) => new Date(now.getTime() + ms);

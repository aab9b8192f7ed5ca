import { sha256Hex } from '../crypto/secrets';
import type { Mode } from '../db/generated/enums';
import { sqlRows, utcColumn } from '../db/sql';
import { ServiceError } from '../errors';
import { addressInCidrs } from './cidr';
import { isApiKeyForm, withMatchingMode } from './keys';

export const INTEGRATION_MODULE = 'integration_api';

export interface AuthenticatedKey {
  id: string;
  companyId: string;
  name: string;
  mode: Mode;
  scopes: string[];
  allowedCidrs: string[];
  expiresAt: Date | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  signingSecretEnc: string | null;
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** The token of `Authorization: Bearer <token>`, or null when there is no bearer credential at all. */
export function bearerToken(authorization: string | null): string | null {
  if (!authorization) return null;
  return BEARER.exec(authorization)?.[1] ?? null;
}

const invalidKey = () =>
  new ServiceError('INVALID_API_KEY', 'The API key is unknown, revoked or expired.', {
    headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
  });

/** A key is usable until revoked, until it expires, and after a rotation until its grace period ends. */
export function isKeyUsable(
  key: { revokedAt: Date | null; expiresAt: Date | null; graceUntil: Date | null },
  now: Date,
): boolean {
  if (key.revokedAt && key.revokedAt <= now) return false;
  if (key.expiresAt && key.expiresAt <= now) return false;
  if (key.graceUntil && key.graceUntil <= now) return false;
  return true;
}

interface KeyRow extends AuthenticatedKey {
  revokedAt: Date | null;
  graceUntil: Date | null;
  suspended: boolean;
  modules: string[];
}

/** The key by the hash of its plaintext, with what its company allows: one indexed read. */
const KEY_WITH_COMPANY = `
  SELECT k."id", k."companyId", k."name", k."mode"::text AS "mode", k."scopes", k."allowedCidrs", k."signingSecretEnc",
         ${utcColumn('k', 'expiresAt')}, ${utcColumn('k', 'revokedAt')}, ${utcColumn('k', 'graceUntil')},
         ${utcColumn('k', 'createdAt')}, ${utcColumn('k', 'lastUsedAt')},
         c."suspendedAt" IS NOT NULL AS "suspended", c."modules"
  FROM "ApiKey" k JOIN "Company" c ON c."id" = k."companyId"
  WHERE k."keyHash" = $1`;

async function findKeyWithCompany(token: string): Promise<KeyRow | null> {
  if (!isApiKeyForm(token)) return null;
  const [row] = await sqlRows<KeyRow>({ name: 'integration-key', text: KEY_WITH_COMPANY, values: [sha256Hex(token)] });
  return withMatchingMode(token, row);
}

/**
 * Bearer key → the key and its company, refusing (in this order) no credential, an unusable key (unknown,
 * revoked and expired answer alike), a suspended company, a plan without the Integration API, and a client
 * address outside the key's allow-list (fail closed: an unknown address is outside any non-empty list).
 */
export async function authenticateKey({
  authorization,
  clientAddress,
  now = new Date(),
}: {
  authorization: string | null;
  clientAddress: string;
  now?: Date;
}): Promise<AuthenticatedKey> {
  const token = bearerToken(authorization);
  if (!token) {
    throw new ServiceError('UNAUTHENTICATED', 'Send the API key as Authorization: Bearer <key>.', {
      headers: { 'WWW-Authenticate': 'Bearer' },
    });
  }
  const key = await findKeyWithCompany(token);
  if (!key || !isKeyUsable(key, now)) throw invalidKey();
  if (key.suspended) throw new ServiceError('FORBIDDEN_COMPANY', 'The company of this key is suspended.');
  if (!key.modules.includes(INTEGRATION_MODULE)) {
    throw new ServiceError('FORBIDDEN_MODULE', "The company's plan does not include the Integration API.");
  }
  if (key.allowedCidrs.length > 0 && !addressInCidrs(clientAddress, key.allowedCidrs)) {
    throw new ServiceError(
      'INVALID_API_KEY',
      "The request comes from an address outside this key's allowed CIDR ranges.",
      {
        details: { reason: 'ADDRESS_NOT_ALLOWED' },
      },
    );
  }
  return {
    id: key.id,
    companyId: key.companyId,
    name: key.name,
    mode: key.mode,
    scopes: key.scopes,
    allowedCidrs: key.allowedCidrs,
    expiresAt: key.expiresAt,
    createdAt: key.createdAt,
    lastUsedAt: key.lastUsedAt,
    signingSecretEnc: key.signingSecretEnc,
  };
}

export const MODE_HEADER = 'x-service-mode';
export const modeName = (mode: Mode): 'live' | 'test' => (mode === 'TEST' ? 'test' : 'live');

/** Sandbox keys must say `X-Service-Mode: test`; a live key may say `live` or nothing, never `test`. */
export function checkModeHeader(mode: Mode, header: string | null): void {
  const sent = header?.trim().toLowerCase() ?? null;
  const ok = mode === 'TEST' ? sent === 'test' : sent === null || sent === '' || sent === 'live';
  if (ok) return;
  const message =
    mode === 'TEST'
      ? 'A sandbox (pk_test_) key must send X-Service-Mode: test.'
      : 'A live (pk_live_) key cannot send X-Service-Mode: test; use a pk_test_ key for the sandbox.';
  throw new ServiceError('MODE_HEADER_MISMATCH', message, {
    details: { keyMode: modeName(mode), header: sent === null ? null : sent.slice(0, 16) },
  });
}

const DAY_MS = 86_400_000;
export const KEY_AGE_WARNING_DAYS = 90;
export const KEY_EXPIRY_WARNING_DAYS = 14;

/** `Warning: 299` text for an old key or one about to expire; null when neither. */
export function keyWarning(key: Pick<AuthenticatedKey, 'createdAt' | 'expiresAt'>, now = new Date()): string | null {
  if (key.expiresAt && key.expiresAt.getTime() - now.getTime() <= KEY_EXPIRY_WARNING_DAYS * DAY_MS) {
    const days = Math.max(0, Math.ceil((key.expiresAt.getTime() - now.getTime()) / DAY_MS));
    return `299 - "This API key expires in ${days} day(s) (${key.expiresAt.toISOString()}); rotate it"`;
  }
  if (now.getTime() - key.createdAt.getTime() >= KEY_AGE_WARNING_DAYS * DAY_MS) {
    return `299 - "This API key is more than ${KEY_AGE_WARNING_DAYS} days old; rotate it"`;
  }
  return null;
}

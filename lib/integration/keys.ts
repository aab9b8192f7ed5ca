import { decryptSecret, encryptSecret, randomBase62, sha256Hex } from '../crypto/secrets';
import type { Db, Tx } from '../db/client';
import type { ApiKey } from '../db/generated/client';
import type { Mode } from '../db/generated/enums';
import { inTransaction } from '../db/transaction';
import { writeAudit } from '../domain/audit';
import type { Actor } from '../domain/context';
import { ServiceError } from '../errors';
import { isUuid } from '../ids';
import { normaliseCidrs } from './cidr';
import { validateScopeSet } from './scopes';

export const DEFAULT_KEY_LIFETIME_DAYS = 365;
export const MAX_KEY_LIFETIME_DAYS = 730;
const KEY_RANDOM_CHARS = 32;
const SIGNING_SECRET_CHARS = 40;
const DISPLAY_RANDOM_CHARS = 4;
const KEY_FORMAT = /^pk_(live|test)_[0-9A-Za-z]{32}$/;
const DAY_MS = 86_400_000;

export interface MintApiKeyInput {
  companyId: string;
  name: string;
  scopes: readonly string[];
  mode: Mode;
  /** Whole days from now; default 365, at most 730. */
  expiresInDays?: number;
  allowedCidrs?: readonly string[];
  createdByUserId?: string | null;
  actor: Actor;
  /** Only the operator's privileged channels (portal admin-key dialog, admin CLI) may mint keys:admin / gdpr:admin. */
  allowPrivileged?: boolean;
}

/** The one moment the key and its signing secret exist in clear: hand them to the operator, then forget them. */
export interface MintedApiKey {
  id: string;
  key: string;
  signingSecret: string;
  displayPrefix: string;
  scopes: string[];
  mode: Mode;
  expiresAt: Date;
  name: string;
  allowedCidrs: string[];
}

export const apiKeyPrefix = (mode: Mode): string => (mode === 'LIVE' ? 'pk_live_' : 'pk_test_');

const invalid = (message: string, details: Record<string, unknown>) =>
  new ServiceError('VALIDATION_ERROR', message, { details });

function checkMintInput(input: MintApiKeyInput) {
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (name.length < 1 || name.length > 100)
    throw invalid('A key needs a name of 1 to 100 characters.', { field: 'name' });
  if (input.mode !== 'LIVE' && input.mode !== 'TEST')
    throw invalid('The key mode must be LIVE or TEST.', { field: 'mode' });
  const scopeErrors = validateScopeSet(input.scopes, {
    allowPrivileged: input.allowPrivileged ?? false,
    mode: input.mode,
  });
  if (scopeErrors.length > 0) throw invalid(scopeErrors.join(' '), { field: 'scopes', errors: scopeErrors });
  const days = input.expiresInDays ?? DEFAULT_KEY_LIFETIME_DAYS;
  if (!Number.isInteger(days) || days < 1 || days > MAX_KEY_LIFETIME_DAYS) {
    throw invalid(`Keys expire after 1 to ${MAX_KEY_LIFETIME_DAYS} whole days.`, { field: 'expiresInDays' });
  }
  const { cidrs, invalid: badCidrs } = normaliseCidrs(input.allowedCidrs ?? []);
  if (badCidrs.length > 0) {
    throw invalid(`Not an IPv4 or IPv6 CIDR range: ${badCidrs.join(', ')}.`, {
      field: 'allowedCidrs',
      invalid: badCidrs,
    });
  }
  return { name, scopes: [...input.scopes], cidrs, expiresAt: new Date(Date.now() + days * DAY_MS) };
}

/** A fresh `sk_` signing secret, in clear (shown once) and encrypted (stored). */
export function newSigningSecret(): { signingSecret: string; signingSecretEnc: string } {
  const signingSecret = `sk_${randomBase62(SIGNING_SECRET_CHARS)}`;
  return { signingSecret, signingSecretEnc: encryptSecret(signingSecret) };
}

/** The secrets of a new key: the plaintext pair to show once, and what is stored of them. */
export function newKeyMaterial(mode: Mode) {
  const random = randomBase62(KEY_RANDOM_CHARS);
  const key = apiKeyPrefix(mode) + random;
  return {
    key,
    displayPrefix: apiKeyPrefix(mode) + random.slice(0, DISPLAY_RANDOM_CHARS),
    keyHash: sha256Hex(key),
    ...newSigningSecret(),
  };
}

/**
 * Mints an Integration API key: `pk_live_`/`pk_test_` + 32 base62 characters, kept only as its SHA-256, with an
 * `sk_` signing secret kept encrypted (the server must compute HMACs with it). Audited without either secret.
 */
export async function mintApiKey(db: Db | Tx, input: MintApiKeyInput): Promise<MintedApiKey> {
  const { name, scopes, cidrs, expiresAt } = checkMintInput(input);
  if (!isUuid(input.companyId)) throw new ServiceError('NOT_FOUND', 'No such company.');
  return inTransaction(db, async (tx) => {
    const company = await tx.company.findUnique({ where: { id: input.companyId }, select: { maxApiKeys: true } });
    if (!company) throw new ServiceError('NOT_FOUND', 'No such company.');
    if (company.maxApiKeys !== null) {
      const now = new Date();
      const active = await tx.apiKey.count({
        where: {
          companyId: input.companyId,
          revokedAt: null,
          // A rotated key past its grace period no longer works, so it no longer takes a place either.
          AND: [
            { OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
            { OR: [{ graceUntil: null }, { graceUntil: { gt: now } }] },
          ],
        },
      });
      if (active >= company.maxApiKeys) {
        throw new ServiceError(
          'PLAN_LIMIT',
          `The plan allows ${company.maxApiKeys} active API keys; revoke one first.`,
          {
            details: { limit: company.maxApiKeys },
          },
        );
      }
    }
    const { key, displayPrefix, keyHash, signingSecret, signingSecretEnc } = newKeyMaterial(input.mode);
    const row = await tx.apiKey.create({
      data: {
        companyId: input.companyId,
        name,
        mode: input.mode,
        displayPrefix,
        keyHash,
        scopes,
        allowedCidrs: cidrs,
        signingSecretEnc,
        expiresAt,
        createdByUserId: input.createdByUserId ?? null,
      },
    });
    await writeAudit(tx, {
      companyId: input.companyId,
      eventType: 'ApiKeyMinted',
      actor: input.actor,
      context: {
        apiKeyId: row.id,
        name,
        mode: input.mode,
        displayPrefix,
        scopes,
        allowedCidrs: cidrs,
        expiresAt: expiresAt.toISOString(),
      },
    });
    return {
      id: row.id,
      key,
      signingSecret,
      displayPrefix,
      scopes,
      mode: input.mode,
      expiresAt,
      name,
      allowedCidrs: cidrs,
    };
  });
}

/** Whether a string has the form of an API key (`pk_live_` or `pk_test_` and 32 base62 characters). */
export const isApiKeyForm = (key: unknown): key is string => typeof key === 'string' && KEY_FORMAT.test(key);

/** The stored key a plaintext hashed to, if the plaintext's prefix names the key's own mode; else null. */
export const withMatchingMode = <K extends { mode: Mode }>(key: string, row: K | undefined | null): K | null =>
  row && key.startsWith(apiKeyPrefix(row.mode)) ? row : null;

/**
 * The stored key a presented plaintext hashes to, or null. Revocation, expiry and CIDRs are the caller's to check.
 * The lookup is by SHA-256, so response time says nothing about how much of a guess was right (the route's
 * authentication makes the same lookup together with the company: lib/integration/authenticate.ts).
 */
export async function findApiKeyByPlaintext(db: Db | Tx, key: string): Promise<ApiKey | null> {
  if (!isApiKeyForm(key)) return null;
  const row = await db.apiKey.findUnique({ where: { keyHash: sha256Hex(key) } });
  return withMatchingMode(key, row);
}

/** The signing secret in clear, for the server's HMAC check; null when the key has none. */
export function signingSecretOf(key: Pick<ApiKey, 'signingSecretEnc'>): string | null {
  return key.signingSecretEnc ? decryptSecret(key.signingSecretEnc) : null;
}

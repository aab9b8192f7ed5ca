import type { ApiKey, Prisma } from '../../db/generated/client';
import { iso } from '../../domain/iso';
import { isKeyUsable } from '../authenticate';

export const KEY_STATUSES = ['active', 'grace', 'expired', 'revoked'] as const;
export type KeyStatus = (typeof KEY_STATUSES)[number];

/**
 * What a key looks like to its administrators: never the hash, never the signing secret, never a plaintext. The
 * Integration API's KeySchema describes the same shape; lib/integration/api/views.test.ts checks that they agree.
 */
export type KeyView = ReturnType<typeof keyView>;

/** The columns a view is made of; the key hash and the encrypted secret are never selected. */
export const KEY_VIEW_SELECT = {
  id: true,
  companyId: true,
  name: true,
  displayPrefix: true,
  scopes: true,
  mode: true,
  allowedCidrs: true,
  expiresAt: true,
  revokedAt: true,
  graceUntil: true,
  rotatedFromId: true,
  lastUsedAt: true,
  createdAt: true,
} as const satisfies Prisma.ApiKeySelect;

export type KeyRow = Pick<ApiKey, keyof typeof KEY_VIEW_SELECT>;

/** Revoked wins; a rotated key past its grace period has expired like a key past expiresAt. */
export function keyStatus(key: Pick<ApiKey, 'revokedAt' | 'expiresAt' | 'graceUntil'>, now = new Date()): KeyStatus {
  if (key.revokedAt && key.revokedAt <= now) return 'revoked';
  if (!isKeyUsable(key, now)) return 'expired';
  return key.graceUntil ? 'grace' : 'active';
}

export function keyView(key: KeyRow, now = new Date()) {
  return {
    id: key.id,
    name: key.name,
    displayPrefix: key.displayPrefix,
    scopes: key.scopes,
    mode: key.mode === 'TEST' ? ('test' as const) : ('live' as const),
    allowedCidrs: key.allowedCidrs,
    expiresAt: iso(key.expiresAt),
    revokedAt: iso(key.revokedAt),
    graceUntil: iso(key.graceUntil),
    rotatedFromId: key.rotatedFromId,
    lastUsedAt: iso(key.lastUsedAt),
    createdAt: key.createdAt.toISOString(),
    status: keyStatus(key, now),
  };
}

const notExpired = (now: Date): Prisma.ApiKeyWhereInput => ({ OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] });

/** The same statuses as keyStatus, as a query (revokedAt is only ever set to the moment of revocation). */
export function statusWhere(status: KeyStatus, now = new Date()): Prisma.ApiKeyWhereInput {
  switch (status) {
    case 'revoked':
      return { revokedAt: { not: null } };
    case 'expired':
      return { revokedAt: null, OR: [{ expiresAt: { lte: now } }, { graceUntil: { lte: now } }] };
    case 'grace':
      return { revokedAt: null, graceUntil: { gt: now }, AND: [notExpired(now)] };
    case 'active':
      return { revokedAt: null, graceUntil: null, AND: [notExpired(now)] };
  }
}

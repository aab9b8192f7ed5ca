import { prisma } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { writeAudit } from '../../domain/audit';
import type { VerbArgs } from '../../domain/context';
import { DEFAULT_KEY_LIFETIME_DAYS, MAX_KEY_LIFETIME_DAYS, newKeyMaterial } from '../keys';
import { loadKeyForUpdate, requireKeyAdmin } from './find';
import type { MintedKeyView } from './mint';
import { requireKeyStatus } from './state';
import { KEY_VIEW_SELECT, type KeyRow, keyView } from './view';

export const DEFAULT_GRACE_HOURS = 24;
export const MAX_GRACE_HOURS = 168;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The successor lives as long as its predecessor was meant to, counted from now. */
export function lifetimeDays(key: Pick<KeyRow, 'createdAt' | 'expiresAt'>): number {
  if (!key.expiresAt) return DEFAULT_KEY_LIFETIME_DAYS;
  const days = Math.round((key.expiresAt.getTime() - key.createdAt.getTime()) / DAY_MS);
  return Math.min(MAX_KEY_LIFETIME_DAYS, Math.max(1, days));
}

export interface RotateKeyInput {
  keyId: string;
  /** 0 to 168; default 24. 0 stops the old key at once. */
  graceHours?: number;
}

/**
 * Rotation without downtime: a successor with the same name, scopes, mode, CIDRs and lifetime and a new signing
 * secret; the old key keeps working until graceUntil. Not counted against the plan's key quota (the old key is
 * ending); a keys:admin key may rotate itself (its successor keeps keys:admin). One audit row.
 */
export async function rotateKey({ ctx, input, db = prisma }: VerbArgs<RotateKeyInput>): Promise<MintedKeyView> {
  requireKeyAdmin(ctx, 'rotate API keys');
  return inTransaction(db, async (tx) => {
    const old = await loadKeyForUpdate(tx, ctx, input.keyId);
    requireKeyStatus(old, ['active'], 'rotate');
    const now = new Date();
    const graceUntil = new Date(now.getTime() + (input.graceHours ?? DEFAULT_GRACE_HOURS) * HOUR_MS);
    const { key, displayPrefix, keyHash, signingSecret, signingSecretEnc } = newKeyMaterial(old.mode);
    const created = await tx.apiKey.create({
      data: {
        companyId: old.companyId,
        name: old.name,
        mode: old.mode,
        displayPrefix,
        keyHash,
        scopes: old.scopes,
        allowedCidrs: old.allowedCidrs,
        signingSecretEnc,
        expiresAt: new Date(now.getTime() + lifetimeDays(old) * DAY_MS),
        rotatedFromId: old.id,
        createdAt: now,
      },
      select: KEY_VIEW_SELECT,
    });
    await tx.apiKey.update({ where: { id: old.id }, data: { graceUntil } });
    await writeAudit(tx, {
      companyId: ctx.companyId,
      eventType: 'ApiKeyRotated',
      actor: ctx.actor,
      context: {
        apiKeyId: created.id,
        rotatedFromId: old.id,
        displayPrefix,
        graceUntil: graceUntil.toISOString(),
        expiresAt: created.expiresAt?.toISOString() ?? null,
      },
    });
    return { ...keyView(created, now), key, signingSecret };
  });
}

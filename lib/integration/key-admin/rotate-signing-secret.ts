import { prisma } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { writeAudit } from '../../domain/audit';
import type { VerbArgs } from '../../domain/context';
import { newSigningSecret } from '../keys';
import { loadKeyForUpdate, requireKeyAdmin } from './find';
import { requireKeyStatus } from './state';
import { KEY_VIEW_SELECT, type KeyView, keyView } from './view';

/**
 * A new `sk_` signing secret for the key, shown once; the old secret stops at once (a key holds one secret, and a
 * leaked secret is the usual reason to rotate it). Keys in their rotation grace period may still be re-secreted.
 */
export async function rotateSigningSecret({
  ctx,
  input,
  db = prisma,
}: VerbArgs<{ keyId: string }>): Promise<KeyView & { signingSecret: string }> {
  requireKeyAdmin(ctx, 'rotate signing secrets');
  return inTransaction(db, async (tx) => {
    const key = await loadKeyForUpdate(tx, ctx, input.keyId);
    requireKeyStatus(key, ['active', 'grace'], 'rotate the signing secret of');
    const { signingSecret, signingSecretEnc } = newSigningSecret();
    const updated = await tx.apiKey.update({
      where: { id: key.id },
      data: { signingSecretEnc },
      select: KEY_VIEW_SELECT,
    });
    await writeAudit(tx, {
      companyId: ctx.companyId,
      eventType: 'ApiKeySigningSecretRotated',
      actor: ctx.actor,
      context: { apiKeyId: key.id, displayPrefix: key.displayPrefix },
    });
    return { ...keyView(updated), signingSecret };
  });
}

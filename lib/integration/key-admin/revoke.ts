import { prisma } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { writeAudit } from '../../domain/audit';
import type { VerbArgs } from '../../domain/context';
import { loadKeyForUpdate, requireKeyAdmin } from './find';
import { KEY_VIEW_SELECT, type KeyView, keyView } from './view';

/**
 * Revokes a key, effective on its very next request (the wrapper reads the key on every request). A key may
 * revoke itself. Revoking a revoked key changes nothing and writes nothing: it answers the key as it is.
 */
export async function revokeKey({ ctx, input, db = prisma }: VerbArgs<{ keyId: string }>): Promise<KeyView> {
  requireKeyAdmin(ctx, 'revoke API keys');
  return inTransaction(db, async (tx) => {
    const key = await loadKeyForUpdate(tx, ctx, input.keyId);
    if (key.revokedAt) return keyView(key);
    const revoked = await tx.apiKey.update({
      where: { id: key.id },
      data: { revokedAt: new Date() },
      select: KEY_VIEW_SELECT,
    });
    await writeAudit(tx, {
      companyId: ctx.companyId,
      eventType: 'ApiKeyRevoked',
      actor: ctx.actor,
      context: { apiKeyId: key.id, displayPrefix: key.displayPrefix },
    });
    return keyView(revoked);
  });
}

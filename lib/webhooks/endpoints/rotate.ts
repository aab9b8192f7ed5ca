import { encryptSecret } from '../../crypto/secrets';
import { type Db, prisma, type Tx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { writeAudit } from '../../domain/audit';
import type { DomainContext } from '../../domain/context';
import { newWebhookSecret, PREVIOUS_SECRET_GRACE_MS } from '../signing';
import { findEndpointOrThrow, requireWebhooks } from './access';
import { endpointView } from './view';

/**
 * A new secret, shown once. The replaced one keeps signing next to it for 24 h (two `v1,` entries), so a receiver
 * can switch without losing a delivery; a second rotation inside that day retires the oldest secret at once.
 */
export async function rotateWebhookSecret({
  ctx,
  id,
  db = prisma,
  now = new Date(),
}: {
  ctx: DomainContext;
  id: string;
  db?: Db | Tx;
  now?: Date;
}) {
  await requireWebhooks(db, ctx, 'rotate webhook secrets');
  const secret = newWebhookSecret();
  const row = await inTransaction(db, async (tx) => {
    const current = await findEndpointOrThrow(tx, ctx, id);
    const previousSecretExpiresAt = new Date(now.getTime() + PREVIOUS_SECRET_GRACE_MS);
    const updated = await tx.webhookEndpoint.update({
      where: { id },
      data: { secretEnc: encryptSecret(secret), previousSecretEnc: current.secretEnc, previousSecretExpiresAt },
    });
    await writeAudit(tx, {
      companyId: ctx.companyId,
      eventType: 'WebhookSecretRotated',
      actor: ctx.actor,
      context: { webhookEndpointId: id, previousSecretExpiresAt: previousSecretExpiresAt.toISOString() },
    });
    return updated;
  });
  return { ...endpointView(row), secret };
}

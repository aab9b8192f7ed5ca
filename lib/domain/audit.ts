import type { Tx } from '../db/client';
import type { Prisma } from '../db/generated/client';
import type { Actor } from './context';

export interface AuditEntry {
  companyId: string | null;
  productId?: string | null;
  eventType: string;
  actor: Actor;
  context?: Prisma.InputJsonObject;
}

/** Writes one audit row inside the caller's transaction, so the change and its record commit together. */
export async function writeAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.auditLog.create({
    data: {
      companyId: entry.companyId,
      productId: entry.productId ?? null,
      eventType: entry.eventType,
      actorRole: entry.actor.role,
      actorId: entry.actor.id,
      eventChannel: entry.actor.channel,
      eventContext: entry.context ?? {},
    },
  });
}

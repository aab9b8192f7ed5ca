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

/**
 * Takes the company's audit chain head now: the row the audit trigger locks from an audit row to the commit
 * (migration 20261126100000_audit_chain). Audit rows come last in a transaction, after the rows it changes; a
 * transaction that changes a row which other transactions change after their audit row (an import's ImportJob,
 * counted by each row's transaction after its audit row) calls this first, so both take the head first and
 * neither waits on the other's lock in the opposite order.
 */
export async function lockAuditChain(tx: Tx, companyId: string | null): Promise<void> {
  const key = companyId ?? 'platform';
  // A chain without rows yet gets its head as the trigger would make it, so there is a row to lock (and a writer
  // making it at this moment is waited for here).
  await tx.$executeRaw`
    INSERT INTO "AuditChainHead" ("key", "seq", "head") VALUES (${key}, 0, repeat('0', 64)) ON CONFLICT DO NOTHING`;
  await tx.$queryRaw`SELECT 1 FROM "AuditChainHead" WHERE "key" = ${key} FOR UPDATE`;
}

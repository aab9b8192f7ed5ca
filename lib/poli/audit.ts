import type { Tx } from '../db/client';
import type { Prisma } from '../db/generated/client';
import { writeAudit } from '../domain/audit';
import type { Actor } from '../domain/context';

/** A request's audit row: filed under its company and passport, naming the request, never the requester's address. */
export function auditPoliRequest(
  tx: Tx,
  request: { id: string; companyId: string; productId: string },
  eventType: string,
  actor: Actor,
  context: Prisma.InputJsonObject = {},
): Promise<void> {
  return writeAudit(tx, {
    companyId: request.companyId,
    productId: request.productId,
    eventType,
    actor,
    context: { poliRequestId: request.id, ...context },
  });
}

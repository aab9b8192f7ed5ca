import type { Tx } from '../db/client';
import type { GdprRequestKind } from '../db/generated/enums';
import { writeAudit } from '../domain/audit';
import type { DomainContext } from '../domain/context';
import { ServiceError } from '../errors';
import { subjectHashOf } from './subject';

/** Data-subject operations are an integration's (gdpr:admin key) or a company admin's. */
export function requireGdprRole(ctx: DomainContext): void {
  if (!['Integration', 'ADMIN', 'System'].includes(ctx.actor.role)) {
    throw new ServiceError('FORBIDDEN', `Your role (${ctx.actor.role}) cannot run data-subject requests.`);
  }
}

const AUDIT_EVENT: Record<GdprRequestKind, string> = {
  ACCESS: 'GdprAccess',
  PORTABILITY: 'GdprPortability',
  ERASE: 'GdprErase',
};

/** The request's own record, in the caller's transaction: a hash of the address, the counts, and an audit row without it. */
export async function recordGdprRequest(
  tx: Tx,
  ctx: DomainContext,
  kind: GdprRequestKind,
  email: string,
  summary: Record<string, number>,
) {
  const now = new Date();
  const request = await tx.gdprRequest.create({
    data: {
      companyId: ctx.companyId,
      kind,
      subjectHash: subjectHashOf(email),
      summary,
      requestedByKeyId: ctx.actor.role === 'Integration' ? ctx.actor.id : null,
      createdAt: now,
      completedAt: now,
    },
  });
  await writeAudit(tx, {
    companyId: ctx.companyId,
    eventType: AUDIT_EVENT[kind],
    actor: ctx.actor,
    context: { gdprRequestId: request.id, kind, summary },
  });
  return request;
}

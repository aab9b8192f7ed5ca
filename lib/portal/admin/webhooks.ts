import { type Db, prisma } from '../../db/client';
import type { Mode } from '../../db/generated/enums';
import type { DomainContext } from '../../domain/context';
import { ServiceError } from '../../errors';
import { isUuid } from '../../ids';

/** The webhook verbs work within one mode; operators see both, so the page says which one it shows. */
export const withMode = (ctx: DomainContext, mode: Mode): DomainContext => ({ ...ctx, mode });

/** `live`/`test` from a query or form value; anything else is live. */
export const modeParam = (value: string | undefined | null): Mode => (value === 'test' ? 'TEST' : 'LIVE');

/**
 * The mode of one of the operator's company's endpoints, so its page can call the verbs in that mode. Another
 * company's endpoint, an unknown id and a malformed one are NOT_FOUND alike.
 */
export async function endpointModeOrThrow(ctx: DomainContext, id: string, db: Db = prisma): Promise<Mode> {
  const row = isUuid(id)
    ? await db.webhookEndpoint.findFirst({ where: { id, companyId: ctx.companyId }, select: { mode: true } })
    : null;
  if (!row) throw new ServiceError('NOT_FOUND', 'No such webhook endpoint.');
  return row.mode;
}

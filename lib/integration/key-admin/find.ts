import type { Db, Tx } from '../../db/client';
import type { Prisma } from '../../db/generated/client';
import type { Mode } from '../../db/generated/enums';
import type { DomainContext } from '../../domain/context';
import { ServiceError } from '../../errors';
import { isUuid } from '../../ids';
import { requireRole } from '../../passport/transitions/result';
import { KEY_VIEW_SELECT, type KeyRow } from './view';

/** Company administrators in the portal, keys:admin keys (the scope is the wrapper's check) and the system. */
export const KEY_ADMIN_ROLES = ['ADMIN', 'Integration', 'System'];

export const requireKeyAdmin = (ctx: DomainContext, action: string) => requireRole(ctx, KEY_ADMIN_ROLES, action);

/** A live administrator manages keys of both modes; a sandbox administrator only sandbox keys. */
export function visibleModes(ctx: DomainContext): Mode[] {
  return ctx.mode === 'TEST' ? ['TEST'] : ['LIVE', 'TEST'];
}

export const tenantKeys = (ctx: DomainContext): Prisma.ApiKeyWhereInput => ({
  companyId: ctx.companyId,
  mode: { in: visibleModes(ctx) },
});

/** The tenant's key: another company's key, or a live key asked for by a sandbox key, is 404 like an unknown id. */
export async function getKeyOrThrow(db: Db | Tx, ctx: DomainContext, keyId: string): Promise<KeyRow> {
  if (!isUuid(keyId)) throw new ServiceError('INVALID_ID', 'The key id is not a valid UUID.');
  const key = await db.apiKey.findFirst({ where: { id: keyId, ...tenantKeys(ctx) }, select: KEY_VIEW_SELECT });
  if (!key) throw new ServiceError('NOT_FOUND', 'No such API key.');
  return key;
}

/** The same, with the row locked for the rest of the transaction, so two rotations of one key cannot both win. */
export async function loadKeyForUpdate(tx: Tx, ctx: DomainContext, keyId: string): Promise<KeyRow> {
  const key = await getKeyOrThrow(tx, ctx, keyId);
  await tx.$queryRaw`SELECT 1 FROM "ApiKey" WHERE "id" = ${key.id}::uuid FOR UPDATE`;
  return tx.apiKey.findUniqueOrThrow({ where: { id: key.id }, select: KEY_VIEW_SELECT });
}

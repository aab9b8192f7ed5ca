import { type Db, prisma, type Tx } from '../db/client';
import { type DomainContext, portalUserId, type VerbArgs } from '../domain/context';
import { afterOf, keysetQuery, type PageInput, pageOf } from '../domain/keyset';
import { ServiceError } from '../errors';
import { isUuid } from '../ids';
import { requireRole } from '../passport/transitions/result';
import { type CreatedBmsSecret, createBmsSecret, revokeBmsSecret } from './secrets';

/** Company administrators in the portal, and the system. */
export const BMS_SECRET_ROLES = ['ADMIN', 'System'];

/** What an administrator sees of a secret: never its hash, never the plaintext. */
export interface BmsSecretView {
  id: string;
  name: string | null;
  /** Empty: every product of the company. */
  productIds: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

const VIEW_SELECT = {
  id: true,
  name: true,
  productIds: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
} as const;

/** A new secret of the caller's company; product ids must be the company's own (VALIDATION_ERROR naming the others). */
export async function createCompanyBmsSecret({
  ctx,
  input,
  db = prisma,
}: VerbArgs<{ name?: string | null; productIds?: string[] }>): Promise<CreatedBmsSecret> {
  requireRole(ctx, BMS_SECRET_ROLES, 'create BMS secrets');
  return createBmsSecret(db, {
    companyId: ctx.companyId,
    name: input.name,
    productIds: input.productIds,
    createdByUserId: portalUserId(ctx),
    actor: ctx.actor,
  });
}

/** Revokes one of the caller's company's secrets at once; another company's secret is 404 like an unknown id. */
export async function revokeCompanyBmsSecret({ ctx, input, db = prisma }: VerbArgs<{ secretId: string }>) {
  requireRole(ctx, BMS_SECRET_ROLES, 'revoke BMS secrets');
  return revokeBmsSecret(db, { companyId: ctx.companyId, secretId: input.secretId, actor: ctx.actor });
}

/** One page of the company's secrets, newest first (createdAt, then id, both descending). */
export async function listCompanyBmsSecrets({
  ctx,
  page,
  db = prisma,
}: {
  ctx: DomainContext;
  page: PageInput;
  db?: Db | Tx;
}) {
  requireRole(ctx, BMS_SECRET_ROLES, 'list BMS secrets');
  if (!isUuid(ctx.companyId)) throw new ServiceError('NOT_FOUND', 'No such company.');
  const rows: BmsSecretView[] = await db.bmsSecret.findMany({
    ...keysetQuery({ companyId: ctx.companyId }, page, 'desc'),
    select: VIEW_SELECT,
  });
  return pageOf(rows, page.limit, afterOf);
}

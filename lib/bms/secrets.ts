import { randomBase62, sha256Hex } from '../crypto/secrets';
import type { Db, Tx } from '../db/client';
import { sqlRows } from '../db/sql';
import { inTransaction } from '../db/transaction';
import { writeAudit } from '../domain/audit';
import type { Actor } from '../domain/context';
import { ServiceError } from '../errors';
import { isUuid } from '../ids';

const SECRET_FORMAT = /^bms_[0-9A-Za-z]{40}$/;
export interface CreateBmsSecretInput {
  companyId: string;
  name?: string | null;
  /** Products the secret may update; empty or absent means every product of the company. */
  productIds?: readonly string[];
  createdByUserId?: string | null;
  actor: Actor;
}

/** The only moment the secret exists in clear: it is provisioned to the BMS out of band. */
export interface CreatedBmsSecret {
  id: string;
  secret: string;
  name: string | null;
  productIds: string[];
}

/** A per-company BMS secret: `bms_` + 40 base62 characters, kept only as its SHA-256. */
export async function createBmsSecret(db: Db | Tx, input: CreateBmsSecretInput): Promise<CreatedBmsSecret> {
  const name = input.name?.trim() || null;
  if (name && name.length > 100)
    throw new ServiceError('VALIDATION_ERROR', 'The name is limited to 100 characters.', {
      details: { field: 'name' },
    });
  const productIds = [...new Set((input.productIds ?? []).map((id) => id.trim().toLowerCase()))];
  const malformed = productIds.filter((id) => !isUuid(id));
  if (malformed.length > 0) {
    throw new ServiceError('VALIDATION_ERROR', `Not product ids: ${malformed.join(', ')}.`, {
      details: { field: 'productIds', invalid: malformed },
    });
  }
  if (!isUuid(input.companyId)) throw new ServiceError('NOT_FOUND', 'No such company.');
  return inTransaction(db, async (tx) => {
    const company = await tx.company.findUnique({ where: { id: input.companyId }, select: { id: true } });
    if (!company) throw new ServiceError('NOT_FOUND', 'No such company.');
    const owned = await tx.product.findMany({
      where: { id: { in: productIds }, companyId: input.companyId },
      select: { id: true },
    });
    const foreign = productIds.filter((id) => !owned.some((p) => p.id === id));
    // Another company's product reads exactly like a missing one, so the answer reveals nothing about it.
    if (foreign.length > 0) {
      throw new ServiceError('VALIDATION_ERROR', `Not products of this company: ${foreign.join(', ')}.`, {
        details: { field: 'productIds', invalid: foreign },
      });
    }
    const secret = `bms_${randomBase62(40)}`;
    const row = await tx.bmsSecret.create({
      data: {
        companyId: input.companyId,
        name,
        secretHash: sha256Hex(secret),
        productIds,
        createdByUserId: input.createdByUserId ?? null,
      },
    });
    await writeAudit(tx, {
      companyId: input.companyId,
      eventType: 'BmsSecretCreated',
      actor: input.actor,
      context: { bmsSecretId: row.id, name, productIds },
    });
    return { id: row.id, secret, name, productIds };
  });
}

/** Revokes at once (the BMS endpoint refuses it from this commit on); revoking twice changes nothing. */
export async function revokeBmsSecret(
  db: Db | Tx,
  input: { companyId: string; secretId: string; actor: Actor },
): Promise<{ id: string; revokedAt: Date }> {
  if (!isUuid(input.secretId) || !isUuid(input.companyId)) throw new ServiceError('NOT_FOUND', 'No such BMS secret.');
  return inTransaction(db, async (tx) => {
    const row = await tx.bmsSecret.findFirst({ where: { id: input.secretId, companyId: input.companyId } });
    if (!row) throw new ServiceError('NOT_FOUND', 'No such BMS secret.');
    if (row.revokedAt) return { id: row.id, revokedAt: row.revokedAt };
    const revoked = await tx.bmsSecret.update({ where: { id: row.id }, data: { revokedAt: new Date() } });
    await writeAudit(tx, {
      companyId: input.companyId,
      eventType: 'BmsSecretRevoked',
      actor: input.actor,
      context: { bmsSecretId: row.id },
    });
    return { id: revoked.id, revokedAt: revoked.revokedAt! };
  });
}

/** What a request signed with a secret needs of it: whose it is and which products it may update (empty: all). */
export interface ActiveBmsSecret {
  id: string;
  companyId: string;
  productIds: string[];
}

const ACTIVE_SECRET = `SELECT "id", "companyId", "productIds" FROM "BmsSecret" WHERE "secretHash" = $1 AND "revokedAt" IS NULL`;

/**
 * The active secret a presented plaintext hashes to, or null (unknown and revoked look the same). On every BMS
 * request, so one prepared statement on the pool.
 */
export async function findActiveBmsSecret(secret: string): Promise<ActiveBmsSecret | null> {
  if (typeof secret !== 'string' || !SECRET_FORMAT.test(secret)) return null;
  const [row] = await sqlRows<ActiveBmsSecret>({
    name: 'bms-active-secret',
    text: ACTIVE_SECRET,
    values: [sha256Hex(secret)],
  });
  return row ?? null;
}

/** A company's secrets, newest first, without their hashes: what an operator needs to choose one to revoke. */
export async function listBmsSecrets(db: Db | Tx, companyId: string) {
  if (!isUuid(companyId)) throw new ServiceError('NOT_FOUND', 'No such company.');
  return db.bmsSecret.findMany({
    where: { companyId },
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
    select: { id: true, name: true, productIds: true, createdAt: true, lastUsedAt: true, revokedAt: true },
  });
}

/** Revokes by id alone (the admin CLI is not scoped to a company): the secret's own company is the tenant. */
export async function revokeBmsSecretById(db: Db | Tx, input: { secretId: string; actor: Actor }) {
  const row = isUuid(input.secretId)
    ? await db.bmsSecret.findUnique({ where: { id: input.secretId }, select: { companyId: true } })
    : null;
  if (!row) throw new ServiceError('NOT_FOUND', 'No such BMS secret.');
  return revokeBmsSecret(db, { companyId: row.companyId, secretId: input.secretId, actor: input.actor });
}

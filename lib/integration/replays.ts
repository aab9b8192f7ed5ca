import { type Db, prisma, type Tx } from '../db/client';
import { rowsOn, type SqlTx, UTC_NOW } from '../db/sql';
import { ServiceError } from '../errors';
import { SIGNATURE_PAST_SECONDS, type VerifiedSignature } from './signature';

/**
 * How long past its window a signature is kept: the window is judged on this instance's clock and expiry on the
 * database's, so a little slack keeps a skew between them from opening a gap.
 */
const SLACK_SECONDS = 60;

export interface SignatureUse {
  apiKeyId: string;
  idempotencyKey: string;
  signature: VerifiedSignature;
}

/** When a signature made at `timestamp` can no longer be accepted (plus the slack), as an ISO string. */
export const signatureExpiry = (timestamp: number): string =>
  new Date((timestamp + SIGNATURE_PAST_SECONDS + SLACK_SECONDS) * 1000).toISOString();

/**
 * The signature's digest inserted, or an expired row of it taken over in place; a live row is left alone (no row
 * returned). A concurrent insert of the same digest waits here for the other transaction: if it commits, this one
 * finds its row; if it rolls back, this one inserts.
 */
const REMEMBER = `
  INSERT INTO "UsedApiSignature" ("digest", "apiKeyId", "idempotencyKey", "expiresAt")
  VALUES ($1, $2::uuid, $3, $4::timestamp)
  ON CONFLICT ("digest") DO UPDATE SET
    "apiKeyId" = EXCLUDED."apiKeyId", "idempotencyKey" = EXCLUDED."idempotencyKey", "expiresAt" = EXCLUDED."expiresAt"
  WHERE "UsedApiSignature"."expiresAt" <= ${UTC_NOW}
  RETURNING "digest"`;

export const REPLAYED_REASON = 'the signature was already used with another Idempotency-Key';

/**
 * Remembers an accepted write's signature in the write's own transaction (so a write that fails leaves no record),
 * or refuses it with 401 INVALID_SIGNATURE when the signature was already accepted inside its window. It runs after
 * the Idempotency-Key is claimed: the same signature with the same key has by then replayed the stored answer, so
 * a signature seen before here came with another key (a captured request sent again).
 */
export async function rememberSignature(tx: Tx | SqlTx, use: SignatureUse): Promise<void> {
  const remembered = await rowsOn<{ digest: string }>(tx, {
    name: 'signature-remember',
    text: REMEMBER,
    values: [use.signature.digest, use.apiKeyId, use.idempotencyKey, signatureExpiry(use.signature.timestamp)],
  });
  if (remembered.length === 0) {
    throw new ServiceError('INVALID_SIGNATURE', `The request signature is not valid: ${REPLAYED_REASON}.`, {
      details: { reason: REPLAYED_REASON, replayed: true },
    });
  }
}

/** The retention job: removes signatures past their window; returns how many. */
export async function purgeExpiredSignatures(db: Db = prisma, now = new Date()): Promise<number> {
  const { count } = await db.usedApiSignature.deleteMany({ where: { expiresAt: { lte: now } } });
  return count;
}

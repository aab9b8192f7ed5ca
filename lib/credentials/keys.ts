import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint } from 'jose';
import { decryptSecret, encryptSecret } from '../crypto/secrets';
import type { Tx } from '../db/client';
import { ServiceError } from '../errors';
import { logger } from '../log';

/** The public half of an Ed25519 key as a JWK (RFC 8037). */
export interface PublicJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
}

export interface SigningKey {
  /** The key's RFC 7638 thumbprint, the fragment of its verification method. */
  kid: string;
  key: KeyObject;
}

/** A fresh Ed25519 key pair: the public JWK, its thumbprint and the private JWK encrypted for storage. */
export async function newIssuerKey(): Promise<{ kid: string; publicJwk: PublicJwk; privateKey: string }> {
  const { privateKey } = generateKeyPairSync('ed25519');
  const jwk = privateKey.export({ format: 'jwk' }) as { x: string; d: string };
  const publicJwk: PublicJwk = { kty: 'OKP', crv: 'Ed25519', x: jwk.x };
  const kid = await calculateJwkThumbprint(publicJwk, 'sha256');
  return { kid, publicJwk, privateKey: encryptSecret(JSON.stringify({ ...publicJwk, d: jwk.d })) };
}

/** Key creation and rotation of one company run one at a time (a transaction-scoped advisory lock). */
export async function lockIssuerKeys(tx: Tx, companyId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`issuer-keys:${companyId}`}, 0))`;
}

export const issuerKeyUnavailable = (why: string) =>
  new ServiceError(
    'ISSUER_KEY_UNAVAILABLE',
    `The company's signing key cannot be used (${why}), so nothing was published. An administrator must rotate the issuer key or restore APP_ENCRYPTION_KEY.`,
  );

/** The stored row of a company's current key, as one query reads it with other things. */
export interface KeyRow {
  id: string;
  kid: string;
  privateKey: string;
}

/**
 * The company's current signing key, decrypted, in the caller's transaction. `found` is the current key row if
 * the caller already read it (publication reads it with its status slot, in one statement). A company that never
 * had a key gets its first one here (its first publication); a company whose keys exist but none is current, or
 * whose current key does not decrypt (APP_ENCRYPTION_KEY changed, the row altered), cannot sign:
 * ISSUER_KEY_UNAVAILABLE, and the caller's transaction (the publication) rolls back whole.
 */
export async function currentSigningKey(tx: Tx, companyId: string, found?: KeyRow | null): Promise<SigningKey> {
  let row = found ?? (await currentKeyRow(tx, companyId));
  if (!row) {
    await lockIssuerKeys(tx, companyId);
    row = await currentKeyRow(tx, companyId);
    if (!row) {
      const any = await tx.issuerKey.count({ where: { companyId } });
      if (any > 0) throw issuerKeyUnavailable('no current key');
      const created = await newIssuerKey();
      await tx.issuerKey.create({ data: { companyId, ...created, publicJwk: { ...created.publicJwk } } });
      row = await currentKeyRow(tx, companyId);
    }
  }
  if (!row) throw issuerKeyUnavailable('no current key');
  return { kid: row.kid, key: decryptKey(row) };
}

const currentKeyRow = (tx: Tx, companyId: string): Promise<KeyRow | null> =>
  tx.issuerKey.findFirst({
    where: { companyId, retiredAt: null },
    orderBy: { createdAt: 'desc' },
    select: { id: true, kid: true, privateKey: true },
  });

/** The current key row of a company, for a statement that reads it with something else (`CURRENT_KEY_SQL`). */
export const CURRENT_KEY_SQL = `SELECT "id", "kid", "privateKey" FROM "IssuerKey"
  WHERE "companyId" = $1::uuid AND "retiredAt" IS NULL ORDER BY "createdAt" DESC LIMIT 1`;

// Decrypted keys by their stored ciphertext: a key is decrypted once per process, and a row whose ciphertext
// changed (rotated, altered) is a different entry, decrypted (or refused) afresh.
const decrypted = new Map<string, KeyObject>();
const DECRYPTED_MAX = 256;

function decryptKey(row: KeyRow): KeyObject {
  const known = decrypted.get(row.privateKey);
  if (known) return known;
  try {
    const jwk = JSON.parse(decryptSecret(row.privateKey)) as Record<string, string>;
    const key = createPrivateKey({ key: jwk, format: 'jwk' });
    if (decrypted.size >= DECRYPTED_MAX) decrypted.clear();
    decrypted.set(row.privateKey, key);
    return key;
  } catch (err) {
    logger().error({ keyId: row.id, err: (err as Error).name }, 'issuer key does not decrypt');
    throw issuerKeyUnavailable('it does not decrypt');
  }
}

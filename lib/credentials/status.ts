import { randomBytes } from 'node:crypto';
import { Bitstring } from '@digitalbazaar/bitstring';
import type { Tx } from '../db/client';
import { ServiceError } from '../errors';
import { CURRENT_KEY_SQL, currentSigningKey, type KeyRow, type SigningKey } from './keys';
import { permutedIndex } from './permutation';
import { type Issuer, issuerOf, signCredential } from './sign';
import {
  MULTIBASE_BASE64URL_PREFIX,
  STATUS_ENTRY_TYPE,
  STATUS_LIST_BITS,
  STATUS_LIST_CAPACITY,
  STATUS_LIST_CREDENTIAL_TYPES,
  STATUS_LIST_TYPE,
  STATUS_PURPOSES,
  STATUS_SEGMENT,
  type StatusPurpose,
  VC_CONTEXT_V2,
} from './vocabulary';

/** `{issuer}/status/{n}/{purpose}`: a status list credential's stable address. */
export const statusListUrl = (issuer: Issuer, listNumber: number, purpose: StatusPurpose) =>
  `${issuer.url}/${STATUS_SEGMENT}/${listNumber}/${purpose}`;

/** A credential's place in its company's lists: one index, the same in the revocation and suspension list. */
export interface StatusSlot {
  listId: string;
  listNumber: number;
  index: number;
}

/** The `credentialStatus` of a credential in `slot`: one Bitstring Status List entry per purpose. */
export function statusEntries(issuer: Issuer, slot: StatusSlot) {
  return STATUS_PURPOSES.map((purpose) => {
    const list = statusListUrl(issuer, slot.listNumber, purpose);
    return {
      id: `${list}#${slot.index}`,
      type: STATUS_ENTRY_TYPE,
      statusPurpose: purpose,
      statusListIndex: String(slot.index),
      statusListCredential: list,
    };
  });
}

const BYTES = STATUS_LIST_BITS / 8;

/** The signed list credential of one purpose, over `bits` (the raw list, most significant bit first). */
async function signList(
  issuer: Issuer,
  key: SigningKey,
  listNumber: number,
  purpose: StatusPurpose,
  bits: Uint8Array,
  changedAt: Date,
) {
  const id = statusListUrl(issuer, listNumber, purpose);
  // A copy of its own: the library reads the whole ArrayBuffer under the view it is given.
  const encoded = await new Bitstring({ buffer: Uint8Array.from(bits) }).encodeBits();
  return signCredential(issuer, key, {
    '@context': [VC_CONTEXT_V2],
    id,
    type: [...STATUS_LIST_CREDENTIAL_TYPES],
    issuer: { id: issuer.did, name: issuer.name },
    validFrom: changedAt.toISOString(),
    credentialSubject: {
      id: `${id}#list`,
      type: STATUS_LIST_TYPE,
      statusPurpose: purpose,
      encodedList: `${MULTIBASE_BASE64URL_PREFIX}${encoded}`,
    },
  });
}

/**
 * The next free slot of the company's lists, in the caller's transaction (the publication's): the newest list
 * with room gives its next ordinal, permuted into an index; a company without room gets a new list, signed empty.
 * The list row stays locked until the caller commits, so concurrent publications of one company take turns here.
 */
export async function allocateStatusSlot(tx: Tx, companyId: string, issuer: Issuer, key: SigningKey) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const { slot } = await takeSlotWithKey(tx, companyId);
    if (slot) return slot;
    await openList(tx, companyId, issuer, key);
  }
  throw new Error('no status list slot could be allocated');
}

const TAKE_SLOT_WITH_KEY = `
  WITH "slot" AS (
    UPDATE "StatusList" SET "allocated" = "allocated" + 1
    WHERE "id" = (
      SELECT "id" FROM "StatusList" WHERE "companyId" = $1::uuid AND "allocated" < $2
      ORDER BY "number" DESC LIMIT 1 FOR UPDATE)
    RETURNING "id", "number", "permutationKey", "allocated"
  ), "key" AS (${CURRENT_KEY_SQL})
  SELECT "key"."id" AS "keyId", "key"."kid", "key"."privateKey",
    "slot"."id" AS "listId", "slot"."number", "slot"."permutationKey", "slot"."allocated"
  FROM (SELECT 1) AS "one" LEFT JOIN "key" ON true LEFT JOIN "slot" ON true`;

/**
 * Publication's first step of signing, in one statement: the company's current key row and the next slot of its
 * newest list with room (locked until the caller commits, as in `allocateStatusSlot`). Either may be missing: no
 * key yet (the caller makes the first), no list with room (the caller opens one through `allocateStatusSlot`).
 */
export async function takeSlotWithKey(
  tx: Tx,
  companyId: string,
): Promise<{ key: KeyRow | null; slot: StatusSlot | null }> {
  const [row] = await tx.$queryRawUnsafe<
    {
      keyId: string | null;
      kid: string | null;
      privateKey: string | null;
      listId: string | null;
      number: number | null;
      permutationKey: Uint8Array | null;
      allocated: number | null;
    }[]
  >(TAKE_SLOT_WITH_KEY, companyId, STATUS_LIST_CAPACITY);
  const key =
    row.keyId && row.kid && row.privateKey ? { id: row.keyId, kid: row.kid, privateKey: row.privateKey } : null;
  const slot =
    row.listId && row.number !== null && row.permutationKey && row.allocated !== null
      ? { listId: row.listId, listNumber: row.number, index: permutedIndex(row.permutationKey, row.allocated - 1) }
      : null;
  return { key, slot };
}

/** A new, empty list pair for the company, signed; concurrent openers agree on its number (the unique key). */
async function openList(tx: Tx, companyId: string, issuer: Issuer, key: SigningKey) {
  const [{ next }] = await tx.$queryRaw<{ next: number }[]>`
    SELECT COALESCE(max("number"), 0) + 1 AS "next" FROM "StatusList" WHERE "companyId" = ${companyId}::uuid`;
  const empty = new Uint8Array(BYTES);
  const now = new Date();
  const [revocationCredential, suspensionCredential] = await Promise.all(
    STATUS_PURPOSES.map((purpose) => signList(issuer, key, next, purpose, empty, now)),
  );
  await tx.$executeRaw`
    INSERT INTO "StatusList" ("id", "companyId", "number", "permutationKey", "allocated", "revocation", "suspension",
      "revocationCredential", "suspensionCredential", "changedAt", "createdAt")
    VALUES (gen_random_uuid(), ${companyId}::uuid, ${next}, ${randomBytes(32)}, 0, ${Buffer.from(empty)},
      ${Buffer.from(empty)}, ${revocationCredential}, ${suspensionCredential}, ${now}, ${now})
    ON CONFLICT ("companyId", "number") DO NOTHING`;
}

const setBit = (bits: Uint8Array, index: number, on: boolean) => {
  const mask = 0x80 >> (index % 8);
  bits[index >> 3] = on ? bits[index >> 3] | mask : bits[index >> 3] & ~mask;
};

/**
 * Sets (or clears) the `purpose` bit of every credential of the product, and signs each touched list again, in the
 * caller's transaction: the state change that calls it (withdraw, deprecate, reinstate) and the lists commit
 * together, so a key that cannot sign refuses the state change too. A product without credentials changes nothing.
 */
export async function setProductStatus(
  tx: Tx,
  product: { id: string; company: { id: string; slug: string; name: string } },
  purpose: StatusPurpose,
  on: boolean,
): Promise<void> {
  const slots = await tx.passportCredential.findMany({
    where: { productId: product.id },
    select: { statusListId: true, statusIndex: true },
  });
  const byList = new Map<string, typeof slots>();
  for (const slot of slots) byList.set(slot.statusListId, [...(byList.get(slot.statusListId) ?? []), slot]);
  if (byList.size === 0) return;
  const key = await currentSigningKey(tx, product.company.id);
  const issuer = issuerOf(product.company);
  for (const [listId, members] of [...byList].sort(([a], [b]) => a.localeCompare(b))) {
    const [list] = await tx.$queryRawUnsafe<{ number: number; bits: Uint8Array }[]>(
      `SELECT "number", "${purpose}" AS "bits" FROM "StatusList" WHERE "id" = $1::uuid AND "companyId" = $2::uuid FOR UPDATE`,
      listId,
      product.company.id,
    );
    if (!list) throw new ServiceError('INTERNAL_ERROR', 'A credential names a status list that does not exist.');
    const bits = Uint8Array.from(list.bits);
    for (const member of members) setBit(bits, member.statusIndex, on);
    const now = new Date();
    const credential = await signList(issuer, key, list.number, purpose, bits, now);
    await tx.$executeRawUnsafe(
      `UPDATE "StatusList" SET "${purpose}" = $2, "${purpose}Credential" = $3, "changedAt" = $4 WHERE "id" = $1::uuid`,
      listId,
      Buffer.from(bits),
      credential,
      now,
    );
  }
}

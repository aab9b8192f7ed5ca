import { sha256Hex } from '../crypto/secrets';
import { type Db, prisma } from '../db/client';
import { ServiceError } from '../errors';
import { isStorableText } from '../storable-text';
import { verificationMethodId } from './did';
import { issuerOf } from './sign';
import { DID_CONTEXT_V1, JWK_CONTEXT_V1, STATUS_PURPOSES, VERIFICATION_METHOD_TYPE } from './vocabulary';

const issuerNotFound = () => new ServiceError('ISSUER_NOT_FOUND', 'No issuer at this address.');

/**
 * The DID document of a company's issuer (did:web): every key it ever had as a JsonWebKey verification method,
 * the current one first and retired ones after it, newest first, all of them assertion methods, so a credential
 * signed before a rotation still verifies after it. A company that never signed anything has no document (404).
 */
export async function didDocument(companySlug: string, db: Db = prisma) {
  if (!isStorableText(companySlug)) throw issuerNotFound();
  const company = await db.company.findUnique({
    where: { slug: companySlug },
    select: {
      slug: true,
      name: true,
      issuerKeys: { select: { kid: true, publicJwk: true, retiredAt: true, createdAt: true } },
    },
  });
  if (!company || company.issuerKeys.length === 0) throw issuerNotFound();
  const { did } = issuerOf(company);
  const keys = company.issuerKeys.toSorted(
    (a, b) =>
      Number(a.retiredAt !== null) - Number(b.retiredAt !== null) || b.createdAt.getTime() - a.createdAt.getTime(),
  );
  const methods = keys.map((k) => ({
    id: verificationMethodId(did, k.kid),
    type: VERIFICATION_METHOD_TYPE,
    controller: did,
    publicKeyJwk: k.publicJwk,
  }));
  return {
    '@context': [DID_CONTEXT_V1, JWK_CONTEXT_V1],
    id: did,
    verificationMethod: methods,
    assertionMethod: methods.map((m) => m.id),
  };
}

const statusListNotFound = () => new ServiceError('STATUS_LIST_NOT_FOUND', 'No such status list.');

/** A status list credential by its address's parts as requested (`/issuers/{company}/status/{n}/{purpose}`). */
export async function statusListCredential(companySlug: string, listNumber: string, purpose: string) {
  if (!isStorableText(companySlug) || !/^[1-9][0-9]{0,8}$/.test(listNumber)) throw statusListNotFound();
  if (!(STATUS_PURPOSES as readonly string[]).includes(purpose)) throw statusListNotFound();
  const column = purpose === 'revocation' ? 'revocationCredential' : 'suspensionCredential';
  const [row] = await prisma.$queryRawUnsafe<{ jwt: string }[]>(
    `SELECT l."${column}" AS "jwt" FROM "StatusList" l JOIN "Company" c ON c."id" = l."companyId"
     WHERE c."slug" = $1 AND l."number" = $2`,
    companySlug,
    Number(listNumber),
  );
  if (!row) throw statusListNotFound();
  return { jwt: row.jwt, sha256: sha256Hex(row.jwt) };
}

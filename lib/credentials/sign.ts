import { CompactSign } from 'jose';
import { config } from '../config';
import { issuerDid, issuerUrl, verificationMethodId } from './did';
import type { SigningKey } from './keys';
import { SIGNING_ALGORITHM, VC_JWT_CTY, VC_JWT_TYP } from './vocabulary';

/** The issuer a credential names: the company's DID and name, and its base address for status lists. */
export interface Issuer {
  did: string;
  name: string;
  url: string;
}

export function issuerOf(company: { slug: string; name: string }, baseUrl = config().BASE_URL): Issuer {
  return { did: issuerDid(baseUrl, company.slug), name: company.name, url: issuerUrl(baseUrl, company.slug) };
}

/**
 * A credential secured as VC-JOSE (`application/vc+jwt`): a compact JWS whose payload is the credential itself,
 * signed with EdDSA, the header naming the verification method in `kid`.
 */
export async function signCredential(issuer: Issuer, signingKey: SigningKey, credential: object): Promise<string> {
  return new CompactSign(Buffer.from(JSON.stringify(credential), 'utf8'))
    .setProtectedHeader({
      alg: SIGNING_ALGORITHM,
      kid: verificationMethodId(issuer.did, signingKey.kid),
      typ: VC_JWT_TYP,
      cty: VC_JWT_CTY,
    })
    .sign(signingKey.key);
}

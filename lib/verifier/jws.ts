import { compactVerify, decodeProtectedHeader, importJWK, type JWK, type ProtectedHeaderParameters } from 'jose';
import { SIGNING_ALGORITHM, VC_JWT_TYP } from '../credentials/vocabulary';
import { didOfKid } from './did-web';
import { fail, isObject } from './failure';

const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** A compact JWS's protected header, its kid and the kid's DID, after the format's header rules (step 1). */
export interface JwsHeader {
  header: ProtectedHeaderParameters;
  kid: string;
  did: string;
}

export function readHeader(jws: string): JwsHeader {
  if (!COMPACT_JWS.test(jws)) fail('not a compact JWS (three base64url parts)');
  let header: ProtectedHeaderParameters;
  try {
    header = decodeProtectedHeader(jws);
  } catch {
    return fail('the JWS header is not base64url JSON');
  }
  if (header.alg !== SIGNING_ALGORITHM) fail(`the header's alg is ${String(header.alg)}, not ${SIGNING_ALGORITHM}`);
  if (header.typ !== VC_JWT_TYP) fail(`the header's typ is ${String(header.typ)}, not ${VC_JWT_TYP}`);
  const did = didOfKid(header.kid);
  return { header, kid: header.kid as string, did };
}

/** The JWS payload as a JSON object, read without verifying (the signature check says whether to trust it). */
export function readPayload(jws: string): Record<string, unknown> {
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(jws.split('.')[1] ?? '', 'base64url').toString('utf8'));
  } catch {
    return fail('the JWS payload is not JSON');
  }
  if (!isObject(payload)) fail('the JWS payload is not a JSON object');
  return payload as Record<string, unknown>;
}

/** Verifies the JWS with an Ed25519 public JWK (jose `compactVerify`, EdDSA only). */
export async function verifySignature(jws: string, jwk: JWK): Promise<void> {
  try {
    const key = await importJWK(jwk, SIGNING_ALGORITHM);
    await compactVerify(jws, key, { algorithms: [SIGNING_ALGORITHM] });
  } catch (err) {
    fail(`the signature does not verify with the key (${(err as Error).message})`);
  }
}

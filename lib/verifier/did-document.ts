import { calculateJwkThumbprint, type JWK } from 'jose';
import { VERIFICATION_METHOD_TYPE } from '../credentials/vocabulary';
import { didWebUrl } from './did-web';
import { fail, isObject, NotChecked } from './failure';
import { fetchBytes } from './fetch';

export type DidDocument = Record<string, unknown>;

const DID_MEDIA_TYPES = 'application/did+ld+json, application/did+json, application/json';

/** The DID document of `did`: the one given (offline use) or the one its did:web address serves. */
export async function resolveDidDocument(did: string, given: unknown, offline: boolean): Promise<DidDocument> {
  let document = given;
  if (document === undefined) {
    if (offline) throw new NotChecked('not checked (offline, and no --did-document given)', 'did-document');
    const url = didWebUrl(did);
    const bytes = await fetchBytes(url, DID_MEDIA_TYPES);
    try {
      document = JSON.parse(bytes.toString('utf8'));
    } catch {
      return fail(`${url} does not answer JSON`);
    }
  }
  if (!isObject(document)) return fail('the DID document is not a JSON object');
  if (document.id !== did) fail(`the DID document is that of ${String(document.id)}, not of ${did}`);
  return document;
}

/** A method's id as written, resolved against the DID when relative (`#fragment`). */
const absolute = (did: string, id: unknown) => (typeof id === 'string' && id.startsWith('#') ? `${did}${id}` : id);

/**
 * The public key of `kid` in the DID document: listed in verificationMethod AND referenced by assertionMethod
 * (a key the issuer may sign credentials with), a JsonWebKey of the DID holding an OKP Ed25519 public JWK whose
 * RFC 7638 thumbprint is the kid's fragment.
 */
export async function assertionKey(document: DidDocument, did: string, kid: string): Promise<JWK> {
  const methods = Array.isArray(document.verificationMethod) ? document.verificationMethod : [];
  const method = methods.find((m) => isObject(m) && absolute(did, m.id) === kid);
  if (!isObject(method)) return fail(`the DID document lists no verification method ${kid}`);
  const assertions = Array.isArray(document.assertionMethod) ? document.assertionMethod : [];
  const asserted = assertions.some((a) => absolute(did, isObject(a) ? a.id : a) === kid);
  if (!asserted) fail(`${kid} is not an assertion method of the DID document`);
  if (method.type !== VERIFICATION_METHOD_TYPE) fail(`${kid} is a ${String(method.type)}, not a JsonWebKey`);
  if (method.controller !== did) fail(`${kid} is controlled by ${String(method.controller)}, not ${did}`);
  const jwk = method.publicKeyJwk;
  if (!isObject(jwk) || jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') {
    return fail(`${kid} is not an OKP Ed25519 public key`);
  }
  if ('d' in jwk) fail(`${kid} publishes a private key`);
  const publicJwk: JWK = { kty: 'OKP', crv: 'Ed25519', x: jwk.x };
  const thumbprint = await calculateJwkThumbprint(publicJwk, 'sha256');
  if (kid.slice(did.length + 1) !== thumbprint) fail(`${kid} does not end in its key's thumbprint (${thumbprint})`);
  return publicJwk;
}

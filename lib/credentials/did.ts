import { DID_DOCUMENT_FILE, ISSUERS_SEGMENT } from './vocabulary';

/**
 * The did:web DID of a company's issuer under the service's base URL: `did:web:<host>[:<path>...]:issuers:<slug>`,
 * the port percent-encoded as the did:web method says (`localhost%3A3000`). Its document is then served at
 * `{BASE_URL}/issuers/<slug>/did.json`, the address the method derives from the DID.
 */
export function issuerDid(baseUrl: string, companySlug: string): string {
  const url = new URL(baseUrl);
  const host = url.port ? `${url.hostname}%3A${url.port}` : url.hostname;
  const path = url.pathname.split('/').filter(Boolean).map(encodeURIComponent);
  return ['did:web', host, ...path, ISSUERS_SEGMENT, encodeURIComponent(companySlug)].join(':');
}

/** `{BASE_URL}/issuers/<slug>`: the issuer's base address, under which its DID document and status lists live. */
export function issuerUrl(baseUrl: string, companySlug: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${ISSUERS_SEGMENT}/${encodeURIComponent(companySlug)}`;
}

export const didDocumentUrl = (baseUrl: string, companySlug: string) =>
  `${issuerUrl(baseUrl, companySlug)}/${DID_DOCUMENT_FILE}`;

/** A verification method's id: the DID with the key's thumbprint as fragment. */
export const verificationMethodId = (did: string, kid: string) => `${did}#${kid}`;

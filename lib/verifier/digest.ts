import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { PASSPORT_DOCUMENT_MEMBER } from '../credentials/vocabulary';
import { fail, isObject } from './failure';
import { fetchBytes } from './fetch';

const SRI_SHA256 = /^sha256-([A-Za-z0-9+/]{43}=)$/;

const sha256Base64 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('base64');

/** The document the credential names in relatedResource[0]: its address and the SHA-256 (base64) it states. */
export interface RelatedDocument {
  url: string;
  sha256: string;
}

function relatedDocument(credential: Record<string, unknown>): RelatedDocument {
  const first = Array.isArray(credential.relatedResource) ? credential.relatedResource[0] : undefined;
  if (!isObject(first)) return fail('the credential has no relatedResource');
  const sri = typeof first.digestSRI === 'string' ? SRI_SHA256.exec(first.digestSRI) : null;
  if (!sri) return fail('relatedResource[0].digestSRI is not sha256-<base64>');
  if (typeof first.id !== 'string') return fail('relatedResource[0] has no id');
  return { url: first.id, sha256: sri[1] };
}

/**
 * Step 5, from the credential alone: the RFC 8785 (JCS) canonical JSON of credentialSubject.batteryPassport, the
 * bytes the version's address serves, hashes to relatedResource[0].digestSRI.
 */
export function checkDocumentDigest(credential: Record<string, unknown>): RelatedDocument {
  const related = relatedDocument(credential);
  const subject = isObject(credential.credentialSubject) ? credential.credentialSubject : {};
  if (!isObject(subject[PASSPORT_DOCUMENT_MEMBER])) fail(`credentialSubject.${PASSPORT_DOCUMENT_MEMBER} is missing`);
  const actual = sha256Base64(canonicalize(subject[PASSPORT_DOCUMENT_MEMBER]) ?? '');
  if (actual !== related.sha256) {
    fail(
      `the canonical ${PASSPORT_DOCUMENT_MEMBER} hashes to sha256-${actual}, the credential states sha256-${related.sha256}`,
    );
  }
  return related;
}

/** Step 5, online: the bytes served at relatedResource[0].id hash to the stated digest too. */
export async function checkServedBytes(related: RelatedDocument): Promise<string> {
  const bytes = await fetchBytes(related.url, 'application/json');
  const actual = sha256Base64(bytes);
  if (actual !== related.sha256) {
    fail(`the ${bytes.length} bytes served at ${related.url} hash to sha256-${actual}, not sha256-${related.sha256}`);
  }
  return `the ${bytes.length} bytes served at ${related.url} hash to sha256-${actual}`;
}

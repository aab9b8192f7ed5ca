import { PASSPORT_CREDENTIAL_TYPES, VC_CONTEXT_V2 } from '../credentials/vocabulary';
import { fail, isObject } from './failure';

/** Clocks differ: a validFrom up to this far ahead of the verifier's clock is not "in the future". */
export const CLOCK_SKEW_MS = 5 * 60_000;

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** `issuer.id`, or `issuer` itself when it is a string (VC Data Model 2.0 allows both). */
export const issuerId = (credential: Record<string, unknown>): unknown =>
  isObject(credential.issuer) ? credential.issuer.id : credential.issuer;

const time = (value: unknown, member: string): number => {
  const ms = typeof value === 'string' && DATE_TIME.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) fail(`${member} is not an ISO 8601 date-time`);
  return ms;
};

/**
 * What every credential of the format says of itself: the VC 2.0 context first, the given types, the issuer
 * that signed it, and a validity period that includes now (validFrom not in the future, validUntil if any not
 * past). Returns validFrom.
 */
export function checkEnvelope(
  credential: Record<string, unknown>,
  types: readonly string[],
  did: string,
  now: Date,
): string {
  const context = credential['@context'];
  if (!Array.isArray(context) || context[0] !== VC_CONTEXT_V2) fail(`@context does not start with ${VC_CONTEXT_V2}`);
  const type = Array.isArray(credential.type) ? credential.type : [];
  const missing = types.filter((t) => !type.includes(t));
  if (missing.length > 0) fail(`type lacks ${missing.join(', ')}`);
  if (issuerId(credential) !== did) fail(`the issuer is ${String(issuerId(credential))}, not the signer ${did}`);
  if (time(credential.validFrom, 'validFrom') > now.getTime() + CLOCK_SKEW_MS) {
    fail(`validFrom ${String(credential.validFrom)} is in the future`);
  }
  if (credential.validUntil !== undefined && time(credential.validUntil, 'validUntil') < now.getTime()) {
    fail(`validUntil ${String(credential.validUntil)} has passed`);
  }
  return credential.validFrom as string;
}

/** Step 4: the payload is a passport credential of the signer. */
export function checkPassportPayload(credential: Record<string, unknown>, did: string, now: Date): string {
  const validFrom = checkEnvelope(credential, PASSPORT_CREDENTIAL_TYPES, did, now);
  if (!isObject(credential.credentialSubject)) fail('credentialSubject is not an object');
  return `a ${PASSPORT_CREDENTIAL_TYPES.join(' ')} of ${did}, valid from ${validFrom}`;
}

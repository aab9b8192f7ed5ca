import { createHash, createHmac } from 'node:crypto';
import { constantTimeEqualHex } from '../crypto/secrets';
import { ServiceError } from '../errors';

/** Seconds a signature may be older than the server clock, and how far ahead a client clock may run. */
export const SIGNATURE_PAST_SECONDS = 300;
export const SIGNATURE_FUTURE_SECONDS = 60;

export const SIGNATURE_HEADER = 'x-service-signature';

export interface SignedRequest {
  /** `X-Service-Signature` as received, or null. */
  header: string | null;
  method: string;
  /** Path and raw query string exactly as requested. */
  pathWithQuery: string;
  rawBody: Uint8Array;
  /** Signing secret in clear; null when the key has none configured. */
  secret: string | null;
  nowSeconds?: number;
}

const HEADER_FORM = /^t=(\d{1,12}),\s*v1=([0-9a-f]{64})$/;

const invalid = (reason: string) =>
  new ServiceError('INVALID_SIGNATURE', `The request signature is not valid: ${reason}.`, { details: { reason } });

/** `<timestamp>.<METHOD>.<pathWithQuery>.<sha256hex(raw body)>`, the string both sides sign. */
export function canonicalString(timestamp: number, method: string, pathWithQuery: string, rawBody: Uint8Array): string {
  const bodyHash = createHash('sha256').update(rawBody).digest('hex');
  return `${timestamp}.${method.toUpperCase()}.${pathWithQuery}.${bodyHash}`;
}

/** A signature that verified: its timestamp and the SHA-256 of its `v1` value, what replays are recognised by. */
export interface VerifiedSignature {
  timestamp: number;
  digest: string;
}

/**
 * Checks `X-Service-Signature: t=<ts>, v1=<hex>` against the key's signing secret. The reasons are
 * non-sensitive (missing, malformed, outside the window, mismatch) and the comparison is constant-time.
 */
export function verifyIntegrationSignature({
  header,
  method,
  pathWithQuery,
  rawBody,
  secret,
  nowSeconds,
}: SignedRequest): VerifiedSignature {
  if (!secret) {
    throw new ServiceError('SIGNING_NOT_CONFIGURED', 'This key has no signing secret; rotate the key to get one.');
  }
  if (!header) throw invalid('the X-Service-Signature header is missing');
  const match = HEADER_FORM.exec(header.trim());
  if (!match) throw invalid('the header must read t=<unix seconds>, v1=<64 lowercase hex digits>');
  const timestamp = Number(match[1]);
  const now = nowSeconds ?? Math.floor(Date.now() / 1000);
  if (timestamp < now - SIGNATURE_PAST_SECONDS || timestamp > now + SIGNATURE_FUTURE_SECONDS) {
    throw invalid(
      `the timestamp is outside the accepted window (${SIGNATURE_PAST_SECONDS} s past, ${SIGNATURE_FUTURE_SECONDS} s future)`,
    );
  }
  const expected = createHmac('sha256', secret)
    .update(canonicalString(timestamp, method, pathWithQuery, rawBody), 'utf8')
    .digest('hex');
  if (!constantTimeEqualHex(expected, match[2])) throw invalid('the signature does not match the request');
  return { timestamp, digest: createHash('sha256').update(match[2]!, 'utf8').digest('hex') };
}

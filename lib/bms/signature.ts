import { createHash, createHmac } from 'node:crypto';
import { constantTimeEqualHex } from '../crypto/secrets';
import { ServiceError } from '../errors';

/** The contract's 5-minute replay window: how old a signature may be. */
export const BMS_REPLAY_WINDOW_SECONDS = 300;
/** How far a device clock may run ahead of ours (the contract names only the past); as on the Integration API. */
export const BMS_FUTURE_SKEW_SECONDS = 60;

export const BMS_SECRET_HEADER = 'x-service-bms-secret';
export const BMS_SIGNATURE_HEADER = 'x-service-signature';

/** The non-sensitive reasons a 401 BAD_SIGNATURE names in its `reason` member. */
export type BadSignatureReason = 'missing' | 'malformed' | 'outside_window' | 'mismatch' | 'replayed';

const MESSAGES: Record<BadSignatureReason, string> = {
  missing: 'The X-Service-Signature header is missing.',
  malformed: 'X-Service-Signature must read t=<unix seconds>, v1=<64 lowercase hex digits>.',
  outside_window: `The signature timestamp is outside the accepted window (${BMS_REPLAY_WINDOW_SECONDS} s past, ${BMS_FUTURE_SKEW_SECONDS} s future).`,
  mismatch: 'The signature does not match the request body.',
  replayed: 'This signed report was already accepted; a report is accepted once (sign each report afresh).',
};

export function badSignature(reason: BadSignatureReason): ServiceError {
  return new ServiceError('BAD_SIGNATURE', MESSAGES[reason], { reason });
}

const HEADER_FORM = /^t=(\d{1,12}),\s*v1=([0-9a-f]{64})$/;

/** HMAC-SHA256 keyed with the plaintext secret over `<timestamp>.<rawBody>`, as lowercase hex. */
export function bmsSignatureHex(secret: string, timestamp: number, rawBody: Uint8Array | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(rawBody).digest('hex');
}

export interface BmsSignedRequest {
  /** `X-Service-Signature` as received, or null. */
  header: string | null;
  /** The exact bytes received, before any parsing. */
  rawBody: Uint8Array;
  /** The plaintext secret the request presented (already matched to an active record). */
  secret: string;
  nowSeconds?: number;
}

/** A signature that verified: the report's own timestamp and the SHA-256 of its `v1` value (what a replay repeats). */
export interface VerifiedBmsSignature {
  timestamp: number;
  digest: string;
}

/** Throws 401 BAD_SIGNATURE unless the header signs these exact bytes within the window; constant-time compare. */
export function verifyBmsSignature({ header, rawBody, secret, nowSeconds }: BmsSignedRequest): VerifiedBmsSignature {
  if (header === null || header.trim() === '') throw badSignature('missing');
  const match = HEADER_FORM.exec(header.trim());
  if (!match) throw badSignature('malformed');
  const timestamp = Number(match[1]);
  const now = nowSeconds ?? Math.floor(Date.now() / 1000);
  if (timestamp < now - BMS_REPLAY_WINDOW_SECONDS || timestamp > now + BMS_FUTURE_SKEW_SECONDS)
    throw badSignature('outside_window');
  if (!constantTimeEqualHex(bmsSignatureHex(secret, timestamp, rawBody), match[2]!)) throw badSignature('mismatch');
  return { timestamp, digest: createHash('sha256').update(match[2]!, 'utf8').digest('hex') };
}

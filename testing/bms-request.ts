// A BMS update as firmware sends it: the headers signed over the raw body exactly as lib/client/signing.ts signs it
// (it imports nothing from the server), with the knobs the tests turn (no secret, no or a forged signature, other
// bytes signed, another time), and the update sent over real HTTP to a running server.
import { signBmsRequest } from '../lib/client/signing';
import { clientAddress } from './client-address';

export interface BmsSigning {
  /** The plaintext secret, sent as X-Service-BMS-Secret and signing the body; null or absent sends neither. */
  secret?: string | null;
  /** What is signed, when not the bytes sent (to prove the server checks the raw body). */
  signed?: string;
  /** Signs at this time (now by default). */
  timestamp?: number;
  /** Overrides the computed signature; null sends none. */
  signature?: string | null;
}

/** The headers of a BMS update carrying `raw`: its content type, the secret and the signature. */
export function bmsHeaders(raw: string, o: BmsSigning): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (o.secret) headers['X-Service-BMS-Secret'] = o.secret;
  const signature =
    o.signature !== undefined
      ? o.signature
      : o.secret
        ? signBmsRequest({ rawBody: o.signed ?? raw, secret: o.secret, timestamp: o.timestamp })['X-Service-Signature']
        : null;
  if (signature) headers['X-Service-Signature'] = signature;
  return headers;
}

export interface BmsUpdateOptions extends BmsSigning {
  productId: string;
  body?: unknown;
  /** Sent as is; defaults to JSON.stringify(body). */
  raw?: string;
  /** The client address (X-Forwarded-For); a fresh one by default. */
  address?: string;
}

/** One BMS update over real HTTP; answers status, headers and the parsed JSON body. */
export async function sendBmsUpdate(baseUrl: string, o: BmsUpdateOptions) {
  const raw = o.raw ?? JSON.stringify(o.body ?? {});
  const response = await fetch(`${baseUrl}/api/v1/products/${o.productId}/bms-update`, {
    method: 'POST',
    headers: { ...bmsHeaders(raw, o), 'X-Forwarded-For': o.address ?? clientAddress() },
    body: raw,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

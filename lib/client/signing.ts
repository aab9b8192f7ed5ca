// Request signing as an integrator writes it from the published contract alone: it imports nothing from the
// server's code, so a test that passes through it proves the server honours the contract, not itself.
import { createHash, createHmac, randomUUID } from 'node:crypto';

type RawBody = string | Uint8Array;

function unixSeconds(timestamp: number | undefined): number {
  const t = timestamp ?? Math.floor(Date.now() / 1000);
  if (!Number.isInteger(t) || t < 0) throw new TypeError('timestamp must be whole Unix seconds');
  return t;
}

export interface IntegrationSigningInput {
  method: string;
  /** The path exactly as requested, query string included (`/api/v1/products?mode=x`). */
  pathWithQuery: string;
  /** The raw body exactly as it goes on the wire; omit for bodyless requests. */
  body?: RawBody;
  signingSecret: string;
  timestamp?: number;
}

/** `X-Service-Signature: t=<ts>, v1=<hex>` over `<ts>.<METHOD>.<pathWithQuery>.<sha256hex(raw body)>`. */
export function signIntegrationRequest({
  method,
  pathWithQuery,
  body = '',
  signingSecret,
  timestamp,
}: IntegrationSigningInput) {
  if (!pathWithQuery.startsWith('/')) throw new TypeError('pathWithQuery is the path and query, not a full URL');
  const t = unixSeconds(timestamp);
  const bodyHash = createHash('sha256').update(body).digest('hex');
  const canonical = `${t}.${method.toUpperCase()}.${pathWithQuery}.${bodyHash}`;
  const v1 = createHmac('sha256', signingSecret).update(canonical, 'utf8').digest('hex');
  return { 'X-Service-Signature': `t=${t}, v1=${v1}` };
}

export interface BmsSigningInput {
  rawBody: RawBody;
  /** The plaintext BMS secret, also sent as `X-Service-BMS-Secret`. */
  secret: string;
  timestamp?: number;
}

/** `X-Service-Signature: t=<ts>, v1=<hex>` over `<ts>.<raw body>` (the BMS form differs from the API's). */
export function signBmsRequest({ rawBody, secret, timestamp }: BmsSigningInput) {
  const t = unixSeconds(timestamp);
  const v1 = createHmac('sha256', secret).update(`${t}.`, 'utf8').update(rawBody).digest('hex');
  return { 'X-Service-Signature': `t=${t}, v1=${v1}` };
}

/** A fresh value for `Idempotency-Key`: one per logical write, reused only to retry that same write. */
export function newIdempotencyKey(): string {
  return randomUUID();
}

// The BMS test kit: a tenant with a published passport and a secret in the e2e database, and a request signed
// exactly as firmware signs it (lib/client/signing.ts, which imports nothing from the server).
import { signBmsRequest } from '../../lib/client/signing';
import { clientAddress } from '../client-address';
import { createTestBmsSecret } from '../factories';
import { db, publishTestPassport } from './passport-pages';

export const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
export { db };

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function bmsTenant(formData: Record<string, unknown> = {}) {
  const product = await publishTestPassport({ formData });
  const secret = await createTestBmsSecret(db(), product.companyId);
  return { product, secret: secret.secret, secretId: secret.id, companyId: product.companyId };
}

export interface SendOptions {
  productId: string;
  secret?: string | null;
  body?: unknown;
  /** Sent as is; defaults to JSON.stringify(body). */
  raw?: string;
  /** What is signed, when not the bytes sent. */
  signed?: string;
  timestamp?: number;
  /** Overrides the computed header; null sends none. */
  signature?: string | null;
  address?: string;
}

/** One BMS update over real HTTP; answers status, headers and the parsed JSON body. */
export async function send(o: SendOptions) {
  const raw = o.raw ?? JSON.stringify(o.body ?? {});
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'X-Forwarded-For': o.address ?? clientAddress(),
  };
  if (o.secret) headers['X-Service-BMS-Secret'] = o.secret;
  const signature =
    o.signature !== undefined
      ? o.signature
      : o.secret
        ? signBmsRequest({ rawBody: o.signed ?? raw, secret: o.secret, timestamp: o.timestamp })['X-Service-Signature']
        : null;
  if (signature) headers['X-Service-Signature'] = signature;
  const response = await fetch(`${BASE_URL}/api/v1/products/${o.productId}/bms-update`, {
    method: 'POST',
    headers,
    body: raw,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

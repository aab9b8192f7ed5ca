// DB-test kit of the BMS endpoint: a tenant with a published passport and a secret, and signed Requests built the
// way the custom server and the middleware hand them to the route.

import { signBmsRequest } from '../lib/client/signing';
import { prisma } from '../lib/db/client';
import type { Prisma } from '../lib/db/generated/client';
import { CLIENT_IP_HEADER } from '../lib/http/client-address';
import { REQUEST_ID_HEADER } from '../lib/http/request-id';
import { createPublishedPassport, createTestBmsSecret, createTestCompany } from './factories';

export interface BmsCallOptions {
  productId: string;
  /** Serialised with JSON.stringify unless `rawBody` is given. */
  body?: unknown;
  rawBody?: string;
  /** Plaintext secret; null sends no X-Service-BMS-Secret. */
  secret: string | null;
  /** Signs `rawBody` at this time (now by default) unless `signature` is given; null sends no signature. */
  timestamp?: number;
  signature?: string | null;
  /** Signs other bytes than the ones sent (to prove the server checks the raw body). */
  signedBody?: string;
}

export function bmsRequest(o: BmsCallOptions): Request {
  const raw = o.rawBody ?? JSON.stringify(o.body ?? {});
  const headers = new Headers({
    'content-type': 'application/json',
    [REQUEST_ID_HEADER]: crypto.randomUUID(),
    [CLIENT_IP_HEADER]: '203.0.113.20',
  });
  if (o.secret !== null) headers.set('x-service-bms-secret', o.secret);
  const signature =
    o.signature === undefined && o.secret
      ? signBmsRequest({ rawBody: o.signedBody ?? raw, secret: o.secret, timestamp: o.timestamp })[
          'X-Service-Signature'
        ]
      : o.signature;
  if (signature) headers.set('x-service-signature', signature);
  return new Request(`http://localhost:3000/api/v1/products/${o.productId}/bms-update`, {
    method: 'POST',
    headers,
    body: raw,
  });
}

type Route = (request: Request, context: { params: Promise<{ id: string }> }) => Promise<Response>;

export async function callBms(route: Route, o: BmsCallOptions) {
  const response = await route(bmsRequest(o), { params: Promise.resolve({ id: o.productId }) });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/** A fresh company with a published EV passport and an all-products secret. */
export async function bmsTenant(
  formData: Record<string, unknown> = {},
  company: Partial<Prisma.CompanyUncheckedCreateInput> = {},
) {
  const row = await createTestCompany(prisma, company);
  const product = await createPublishedPassport(prisma, { companyId: row.id, formData });
  const secret = await createTestBmsSecret(prisma, row.id);
  return { company: row, product, secret };
}

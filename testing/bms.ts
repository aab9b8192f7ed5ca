// DB-test kit of the BMS endpoint: a tenant with a published passport and a secret, and signed Requests built the
// way the custom server and the middleware hand them to the route.

import { randomBytes } from 'node:crypto';
import { prisma } from '../lib/db/client';
import type { Prisma } from '../lib/db/generated/client';
import { CLIENT_IP_HEADER } from '../lib/http/client-address';
import { REQUEST_ID_HEADER } from '../lib/http/request-id';
import { type BmsSigning, bmsHeaders } from './bms-request';
import { createBmsTenant } from './factories';

export interface BmsCallOptions extends BmsSigning {
  productId: string;
  /** Serialised with JSON.stringify unless `rawBody` is given. */
  body?: unknown;
  rawBody?: string;
  /** Plaintext secret; null sends no X-Service-BMS-Secret. */
  secret: string | null;
}

export function bmsRequest(o: BmsCallOptions): Request {
  const raw = o.rawBody ?? JSON.stringify(o.body ?? {});
  const headers = new Headers({
    ...bmsHeaders(raw, o),
    [REQUEST_ID_HEADER]: crypto.randomUUID(),
    [CLIENT_IP_HEADER]: '203.0.113.20',
  });
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
export const bmsTenant = (
  formData: Record<string, unknown> = {},
  company: Partial<Prisma.CompanyUncheckedCreateInput> = {},
) => createBmsTenant(prisma, { formData, company });

/**
 * A report's verified signature as the wrapper hands it to ingestTelemetry: a digest never used before and the
 * report's timestamp (now by default), for tests that call the verb directly.
 */
export const reportSignature = (timestamp = Math.floor(Date.now() / 1000)) => ({
  timestamp,
  digest: randomBytes(32).toString('hex'),
});

// Tenants for the resilience suites, created in the suite's own database: a published passport with a BMS secret
// (a company with an API key and its client is testing/integration-client.ts).
import { signBmsRequest } from '../../lib/client/signing';
import { createPrismaClient, type Db } from '../../lib/db/client';
import { clientAddress } from '../../testing/client-address';
import { createPublishedPassport, createTestBmsSecret, createTestCompany } from '../../testing/factories';

export function openDb(url: string): Db {
  return createPrismaClient(url);
}

/** A published passport of a fresh company and a BMS secret for it. */
export async function bmsTenant(db: Db) {
  const company = await createTestCompany(db);
  const product = await createPublishedPassport(db, { companyId: company.id });
  const secret = await createTestBmsSecret(db, company.id);
  return { company, product, secret: secret.secret, secretId: secret.id };
}

/** One signed BMS update over real HTTP. */
export async function sendBms(
  baseUrl: string,
  o: { productId: string; secret: string; body: unknown; address?: string; timestamp?: number },
) {
  const raw = JSON.stringify(o.body);
  const signature = signBmsRequest({ rawBody: raw, secret: o.secret, timestamp: o.timestamp })['X-Service-Signature'];
  const response = await fetch(`${baseUrl}/api/v1/products/${o.productId}/bms-update`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Service-BMS-Secret': o.secret,
      'X-Service-Signature': signature,
      'X-Forwarded-For': o.address ?? clientAddress(),
    },
    body: raw,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

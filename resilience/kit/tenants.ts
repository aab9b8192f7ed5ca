// Tenants for the resilience suites: a company with an API key and a signing client aimed at a given service,
// and a published passport with a BMS secret, all created in the suite's own database.
import { randomInt } from 'node:crypto';
import { type ClientOptions, createIntegrationClient } from '../../lib/client';
import { signBmsRequest } from '../../lib/client/signing';
import { createPrismaClient, type Db } from '../../lib/db/client';
import type { Scope } from '../../lib/integration/scopes';
import { createPublishedPassport, createTestBmsSecret, createTestCompany, mintTestKey } from '../../testing/factories';

export const ALL_GRANTABLE: Scope[] = [
  'dpp:read',
  'dpp:draft:write',
  'dpp:gate:read',
  'dpp:submit',
  'dpp:withdraw',
  'document:write',
  'category:read',
  'schema:read',
  'supplier:read',
  'mapping:read',
  'mapping:write',
  'webhook:read',
  'webhook:write',
];

/** A documentation-range address (TEST-NET-2): with TRUSTED_PROXY_HOPS=1 each test client gets its own bucket. */
export const clientAddress = () => `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`;

export function openDb(url: string): Db {
  return createPrismaClient(url);
}

export async function apiTenant(
  db: Db,
  baseUrl: string,
  options: { scopes?: Scope[]; address?: string; client?: Partial<ClientOptions> } = {},
) {
  const company = await createTestCompany(db);
  const key = await mintTestKey(db, company.id, { scopes: options.scopes ?? ALL_GRANTABLE, mode: 'live' });
  const address = options.address ?? clientAddress();
  const client = createIntegrationClient({
    baseUrl,
    apiKey: key.key,
    signingSecret: key.signingSecret,
    maxRetries: 0,
    headers: { 'X-Forwarded-For': address },
    ...options.client,
  });
  return { company, key, client, address };
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

/** Polls `check` every 250 ms until it holds or `timeoutMs` passes. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

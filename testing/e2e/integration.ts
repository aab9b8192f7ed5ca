// The Integration API test kit: a fresh company with a key minted in the database (as the portal or the admin
// CLI would), and the integrator client configured with it, speaking from its own client address.
import { type ClientOptions, createIntegrationClient } from '../../lib/client';
import type { Mode } from '../../lib/db/generated/enums';
import type { Scope } from '../../lib/integration/scopes';
import { createTestCompany, mintTestKey } from '../factories';
import { clientAddress } from './fixtures';
import { db } from './passport-pages';

export const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;

export { db };

export interface TenantOptions {
  scopes?: Scope[];
  mode?: Mode | 'live' | 'test';
  allowedCidrs?: string[];
  /** The address the client speaks from (X-Forwarded-For behind the one trusted hop); unique by default. */
  address?: string;
  /** Client options such as maxRetries (tests of 429 want 0). */
  client?: Partial<ClientOptions>;
}

/** Every grantable scope: a key that may do anything an ordinary integration may. */
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

export async function newTenant(options: TenantOptions = {}) {
  const company = await createTestCompany(db());
  return { company, ...(await newKey(company.id, options)) };
}

/** Another key of an existing company, with its own client. */
export async function newKey(companyId: string, options: TenantOptions = {}) {
  const key = await mintTestKey(db(), companyId, {
    scopes: options.scopes ?? ALL_GRANTABLE,
    mode: options.mode ?? 'live',
    allowedCidrs: options.allowedCidrs,
  });
  const address = options.address ?? clientAddress();
  const client = createIntegrationClient({
    baseUrl: BASE_URL,
    apiKey: key.key,
    signingSecret: key.signingSecret,
    maxRetries: 0,
    headers: { 'X-Forwarded-For': address },
    ...options.client,
  });
  return { key, client, address };
}

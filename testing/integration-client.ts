// The integrator's side of the Integration API for the suites that call a running server (e2e, resilience): a key
// minted in the database as the portal or the admin CLI would, and the integrator client configured with it,
// speaking from its own client address.
import { type ClientOptions, createIntegrationClient } from '../lib/client';
import type { Db } from '../lib/db/client';
import type { Mode } from '../lib/db/generated/enums';
import { GRANTABLE_SCOPES, type Scope } from '../lib/integration/scopes';
import { clientAddress } from './client-address';
import { createTestCompany, mintTestKey } from './factories';

export interface ClientFromOptions {
  /** The address the client speaks from (X-Forwarded-For behind the one trusted hop); unique by default. */
  address?: string;
  /** Client options such as maxRetries (tests of 429 want 0, the default). */
  client?: Partial<ClientOptions>;
}

export interface KeyOptions extends ClientFromOptions {
  /** Every grantable scope by default: a key that may do anything an ordinary integration may. */
  scopes?: Scope[];
  mode?: Mode | 'live' | 'test';
  allowedCidrs?: string[];
}

/** The integrator client of a key against `baseUrl`, and the address it speaks from. */
export function clientFrom(
  baseUrl: string,
  key: { key: string; signingSecret: string },
  options: ClientFromOptions = {},
) {
  const address = options.address ?? clientAddress();
  const client = createIntegrationClient({
    baseUrl,
    apiKey: key.key,
    signingSecret: key.signingSecret,
    maxRetries: 0,
    headers: { 'X-Forwarded-For': address },
    ...options.client,
  });
  return { client, address };
}

/** A new key of an existing company (live unless told), with its own client. */
export async function keyWithClient(db: Db, baseUrl: string, companyId: string, options: KeyOptions = {}) {
  const key = await mintTestKey(db, companyId, {
    scopes: options.scopes ?? GRANTABLE_SCOPES,
    mode: options.mode ?? 'live',
    allowedCidrs: options.allowedCidrs,
  });
  return { key, ...clientFrom(baseUrl, key, options) };
}

/** A fresh company with such a key. */
export async function apiTenant(db: Db, baseUrl: string, options: KeyOptions = {}) {
  const company = await createTestCompany(db);
  return { company, ...(await keyWithClient(db, baseUrl, company.id, options)) };
}

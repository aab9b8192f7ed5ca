// The Integration API test kit: a fresh company with a key minted in the e2e database and the integrator client
// configured with it (testing/integration-client.ts), and the refusal a client call ends in.
import { expect } from '@playwright/test';
import { IntegrationApiError } from '../../lib/client';
import { apiTenant, clientFrom, type KeyOptions, keyWithClient } from '../integration-client';
import { refusedWith } from '../refusal';
import { db } from './passport-pages';

export const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;

export { db };

export const newTenant = (options: KeyOptions = {}) => apiTenant(db(), BASE_URL, options);

/** Another key of an existing company, with its own client. */
export const newKey = (companyId: string, options: KeyOptions = {}) =>
  keyWithClient(db(), BASE_URL, companyId, options);

/** A client of a key shown elsewhere (minted through the API or the portal), speaking from its own address. */
export const clientFor = (key: { key: string; signingSecret: string }) => clientFrom(BASE_URL, key).client;

/** The refusal a client call ends in: status, envelope and headers (fails the test on anything else). */
export const refusal = (promise: Promise<unknown>) => refusedWith(expect, IntegrationApiError, promise);

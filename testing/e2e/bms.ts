// The BMS test kit: a tenant with a published passport and a secret in the e2e database, and an update signed
// exactly as firmware signs it (testing/bms-request.ts) sent to the e2e server.
import { passportPath } from '../../lib/gs1/digital-link';
import { type BmsUpdateOptions, sendBmsUpdate } from '../bms-request';
import { createBmsTenant } from '../factories';
import { db } from './passport-pages';

export const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
export { db };

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A fresh company with a published passport (its resolver path too) and an all-products secret. */
export async function bmsTenant(formData: Record<string, unknown> = {}) {
  const tenant = await createBmsTenant(db(), { formData });
  return { ...tenant, product: { ...tenant.product, path: passportPath(tenant.product) } };
}

/** One BMS update to the e2e server. */
export const send = (o: BmsUpdateOptions) => sendBmsUpdate(BASE_URL, o);

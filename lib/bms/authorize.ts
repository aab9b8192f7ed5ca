import { sqlRows } from '../db/sql';
import { ServiceError } from '../errors';
import { isUuid } from '../ids';
import { type ActiveBmsSecret, findActiveBmsSecret } from './secrets';

/** 401 MISSING_SECRET without the header, 401 BAD_SECRET unless it hashes to an active (not revoked) record. */
export async function requireBmsSecret(presented: string | null): Promise<ActiveBmsSecret> {
  if (!presented) throw new ServiceError('MISSING_SECRET', 'The X-Service-BMS-Secret header is missing.');
  const secret = await findActiveBmsSecret(presented);
  if (!secret) throw new ServiceError('BAD_SECRET', 'The BMS secret matches no active secret.');
  return secret;
}

/** The product a BMS update writes to, as authorized: its field schema is what sorts the patch. */
export interface TelemetryTarget {
  id: string;
  categoryId: string;
  schemaVersion: number;
}

interface ProductRow extends TelemetryTarget {
  companyId: string;
  modules: string[];
  suspended: boolean;
}

const PRODUCT = `
  SELECT p."id", p."companyId", p."categoryId", p."schemaVersion", c."modules", c."suspendedAt" IS NOT NULL AS "suspended"
  FROM "Product" p JOIN "Company" c ON c."id" = p."companyId"
  WHERE p."id" = $1::uuid`;

/**
 * The product the secret may update, checked before any body is parsed: 404 NOT_FOUND for no such product (a
 * malformed id included: the BMS table has no INVALID_ID), 403 FORBIDDEN for another company's product, a product
 * outside the secret's non-empty list, or a company that is suspended or whose plan lacks the BMS module.
 */
export async function authorizeProduct(secret: ActiveBmsSecret, productId: string): Promise<TelemetryTarget> {
  const notFound = new ServiceError('NOT_FOUND', 'No product with this id.');
  if (!isUuid(productId)) throw notFound;
  const [product] = await sqlRows<ProductRow>({ name: 'bms-product', text: PRODUCT, values: [productId] });
  if (!product) throw notFound;
  if (product.companyId !== secret.companyId)
    throw new ServiceError('FORBIDDEN', 'This secret belongs to another company than the product.');
  if (secret.productIds.length > 0 && !secret.productIds.includes(product.id)) {
    throw new ServiceError('FORBIDDEN', 'This secret is limited to other products.');
  }
  if (product.suspended) throw new ServiceError('FORBIDDEN', 'The company is suspended.');
  if (!product.modules.includes('bms'))
    throw new ServiceError('FORBIDDEN', "The company's plan does not include BMS telemetry.");
  return { id: product.id, categoryId: product.categoryId, schemaVersion: product.schemaVersion };
}

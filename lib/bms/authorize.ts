import type { Db, Tx } from '../db/client';
import type { BmsSecret } from '../db/generated/client';
import { ServiceError } from '../http/errors';
import { findActiveBmsSecret } from './secrets';
import { isUuid } from '../ids';

/** 401 MISSING_SECRET without the header, 401 BAD_SECRET unless it hashes to an active (not revoked) record. */
export async function requireBmsSecret(db: Db | Tx, presented: string | null): Promise<BmsSecret> {
  if (!presented) throw new ServiceError('MISSING_SECRET', 'The X-Service-BMS-Secret header is missing.');
  const secret = await findActiveBmsSecret(db, presented);
  if (!secret) throw new ServiceError('BAD_SECRET', 'The BMS secret matches no active secret.');
  return secret;
}

/**
 * The product the secret may update, checked before any body is parsed: 404 NOT_FOUND for no such product (a
 * malformed id included: the BMS table has no INVALID_ID), 403 FORBIDDEN for another company's product, a product
 * outside the secret's non-empty list, or a company that is suspended or whose plan lacks the BMS module.
 */
export async function authorizeProduct(db: Db | Tx, secret: BmsSecret, productId: string): Promise<void> {
  const notFound = new ServiceError('NOT_FOUND', 'No product with this id.');
  if (!isUuid(productId)) throw notFound;
  const product = await db.product.findUnique({
    where: { id: productId },
    select: { id: true, companyId: true, company: { select: { modules: true, suspendedAt: true } } },
  });
  if (!product) throw notFound;
  if (product.companyId !== secret.companyId) throw new ServiceError('FORBIDDEN', 'This secret belongs to another company than the product.');
  if (secret.productIds.length > 0 && !secret.productIds.includes(product.id)) {
    throw new ServiceError('FORBIDDEN', 'This secret is limited to other products.');
  }
  if (product.company.suspendedAt) throw new ServiceError('FORBIDDEN', 'The company is suspended.');
  if (!product.company.modules.includes('bms')) throw new ServiceError('FORBIDDEN', "The company's plan does not include BMS telemetry.");
}

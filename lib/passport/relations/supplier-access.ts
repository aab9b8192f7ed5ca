import type { Tx } from '../../db/client';
import { ServiceError } from '../../errors';

/**
 * A supplier the company owns, or one another company linked to it. Anything else, including another tenant's
 * supplier and an unknown id, is the same 404 SUPPLIER_NOT_ACCESSIBLE, so ids of other tenants reveal nothing.
 */
export async function requireAccessibleSupplier(tx: Tx, companyId: string, supplierId: string) {
  const supplier = await tx.supplier.findFirst({
    where: { id: supplierId, OR: [{ companyId }, { links: { some: { companyId } } }] },
    select: { id: true, name: true },
  });
  if (!supplier)
    throw new ServiceError('SUPPLIER_NOT_ACCESSIBLE', 'This key cannot access that supplier.', {
      details: { field: 'supplierId' },
    });
  return supplier;
}

import type { Db, Tx } from '../db/client';
import { ServiceError } from '../errors';

export const DOCUMENTS_MODULE = 'documents';

/** 403 FORBIDDEN_MODULE unless the company's plan includes evidence documents. */
export async function requireDocumentsModule(db: Db | Tx, companyId: string): Promise<void> {
  const company = await db.company.findUnique({ where: { id: companyId }, select: { modules: true } });
  if (!company?.modules.includes(DOCUMENTS_MODULE)) {
    throw new ServiceError('FORBIDDEN_MODULE', "The company's plan does not include evidence documents.");
  }
}

/**
 * Adds `bytes` to the company's storage use inside the caller's transaction, unless that would pass its limit
 * (null = unlimited): one conditional UPDATE, so concurrent uploads cannot both slip under the limit.
 */
export async function reserveStorage(tx: Tx, companyId: string, bytes: number): Promise<void> {
  const changed = await tx.$executeRaw`
    UPDATE "Company" SET "storageUsedBytes" = "storageUsedBytes" + ${bytes}
    WHERE "id" = ${companyId}::uuid AND ("storageLimitBytes" IS NULL OR "storageUsedBytes" + ${bytes} <= "storageLimitBytes")`;
  if (changed === 0) {
    const company = await tx.company.findUniqueOrThrow({
      where: { id: companyId },
      select: { storageLimitBytes: true, storageUsedBytes: true },
    });
    throw new ServiceError('STORAGE_LIMIT', "The upload would exceed the company's document storage limit.", {
      details: {
        limitBytes: Number(company.storageLimitBytes),
        usedBytes: Number(company.storageUsedBytes),
        fileBytes: bytes,
      },
    });
  }
}

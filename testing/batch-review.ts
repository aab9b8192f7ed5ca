// Batch review fixtures: an import's submission made directly in the database (an ImportJob row and products in
// review under it), so the batch decisions can be tested without running an import.
import { randomBytes } from 'node:crypto';
import { prisma } from '../lib/db/client';
import type { Prisma } from '../lib/db/generated/client';
import type { Mode } from '../lib/db/generated/enums';
import { loadCategorySchema } from '../lib/passport/schema-version';
import { exampleFormData } from '../lib/schema/examples';
import { createTestProduct } from './factories';

/** A completed import of `companyId`'s, as if its file had been read and its rows written. */
export async function createTestImportJob(companyId: string, options: { mode?: Mode; fileName?: string } = {}) {
  const category = await prisma.category.findUniqueOrThrow({ where: { code: 'EV_BATTERY' } });
  return prisma.importJob.create({
    data: {
      companyId,
      mode: options.mode ?? 'LIVE',
      categoryId: category.id,
      format: 'csv',
      fileName: options.fileName ?? `batch-${randomBytes(3).toString('hex')}.csv`,
      storageKey: `test/${randomBytes(8).toString('hex')}`,
      byteLength: 1,
      sha256: '0'.repeat(64),
      status: 'COMPLETED',
      actorRole: 'EDITOR',
      actorChannel: 'Portal',
      finishedAt: new Date(),
    },
  });
}

/**
 * `count` passports submitted for review by the import (state SUBMITTED, `reviewImportId` set), complete unless
 * `formData` says otherwise (it replaces the schema's examples, for passports with missing fields).
 */
export async function createSubmittedBatch(
  importJob: { id: string; companyId: string; mode: Mode },
  count: number,
  formData?: (index: number) => Record<string, unknown>,
) {
  const products = [];
  for (let i = 0; i < count; i++) {
    const p = await createTestProduct(prisma, {
      companyId: importJob.companyId,
      mode: importJob.mode,
      state: 'SUBMITTED',
    });
    const schema = await loadCategorySchema(prisma, p.categoryId, p.schemaVersion);
    const data = formData ? formData(i) : exampleFormData(schema);
    products.push(
      await prisma.product.update({
        where: { id: p.id },
        data: { reviewImportId: importJob.id, submittedAt: new Date(), formData: data as Prisma.InputJsonObject },
      }),
    );
  }
  return products;
}

import { prisma } from '../../db/client';
import type { Prisma } from '../../db/generated/client';
import { inTransaction } from '../../db/transaction';
import type { VerbArgs } from '../../domain/context';
import { currentCategorySchema } from '../schema-version';
import { recordProductChange } from '../transitions/record';
import { requireRole } from '../transitions/result';
import { applyFormData } from './form-data';
import {
  requireGtinFree,
  requireNameFree,
  uniqueViolationAsConflict,
  validGtin,
  validName,
  validQualifier,
} from './identity';
import { requireProductQuota } from './plan-limit';
import { PRODUCT_INCLUDE, type ProductRow } from './product-view';
import { claimSlug } from './slug';

export interface CreateProductInput {
  name: string;
  categoryCode: string;
  gtin?: string | null;
  serialNumber?: string | null;
  batchNumber?: string | null;
  slug?: string | null;
  formData?: Record<string, unknown> | null;
}

/** Those who author passports: editors in the portal, integration keys, the system. */
export const AUTHOR_ROLES = ['ADMIN', 'EDITOR', 'Integration', 'System'];

/** A new draft in the caller's mode, on its category's current schema version. */
export async function createProduct({ ctx, input, db = prisma }: VerbArgs<CreateProductInput>): Promise<ProductRow> {
  requireRole(ctx, AUTHOR_ROLES, 'create a passport');
  const identity = {
    name: validName(input.name),
    gtin: validGtin(input.gtin ?? null),
    serialNumber: validQualifier('serialNumber', input.serialNumber ?? null),
    batchNumber: validQualifier('batchNumber', input.batchNumber ?? null),
  };
  const mode = ctx.mode ?? 'LIVE';
  try {
    return await inTransaction(db, async (tx) => {
      const { categoryId, schema } = await currentCategorySchema(tx, input.categoryCode);
      const { formData, changed } = applyFormData(schema, {}, input.formData ?? {});
      await requireProductQuota(tx, ctx.companyId, mode);
      await requireNameFree(tx, ctx, mode, null, identity.name);
      await requireGtinFree(tx, ctx, null, identity);
      const slug = await claimSlug(tx, input.slug ?? undefined, identity.name);
      const product = await tx.product.create({
        data: {
          ...identity,
          slug,
          mode,
          companyId: ctx.companyId,
          categoryId,
          schemaVersion: schema.version,
          formData: formData as Prisma.InputJsonObject,
        },
        include: PRODUCT_INCLUDE,
      });
      const context = { category: schema.category, schemaVersion: schema.version, fields: changed };
      const data = { slug, category: schema.category };
      await recordProductChange(tx, ctx, product, 'Create', context, { 'product.created': data });
      return product;
    });
  } catch (error) {
    throw uniqueViolationAsConflict(error);
  }
}

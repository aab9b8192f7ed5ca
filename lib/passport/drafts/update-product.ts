import { prisma, type Tx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { VerbArgs } from '../../domain/context';
import { ServiceError } from '../../errors';
import { modelInvalid } from '../models/model';
import { loadProductForUpdate } from '../transitions/load';
import { recordProductChange } from '../transitions/record';
import { requireRole } from '../transitions/result';
import { AUTHOR_ROLES } from './create-product';
import { requireEditable, requireLockVersion } from './guards';
import {
  type Identity,
  requireGtinFree,
  requireNameFree,
  uniqueViolationAsConflict,
  validGtin,
  validName,
  validQualifier,
} from './identity';
import { PRODUCT_INCLUDE, type ProductRow } from './product-view';

export interface UpdateProductInput {
  productId: string;
  lockVersion: number;
  name?: string;
  gtin?: string | null;
  serialNumber?: string | null;
  batchNumber?: string | null;
}

const ADDRESS_MEMBERS = ['gtin', 'serialNumber', 'batchNumber'] as const;

function identityPatch(input: UpdateProductInput): Partial<Identity> {
  const patch: Partial<Identity> = {};
  if (input.name !== undefined) patch.name = validName(input.name);
  if (input.gtin !== undefined) patch.gtin = validGtin(input.gtin);
  if (input.serialNumber !== undefined) patch.serialNumber = validQualifier('serialNumber', input.serialNumber);
  if (input.batchNumber !== undefined) patch.batchNumber = validQualifier('batchNumber', input.batchNumber);
  return patch;
}

/** An item carries its model's GTIN, and a model with items keeps the GTIN they carry: MODEL_INVALID otherwise. */
async function requireGtinKeptForModels(tx: Tx, product: { id: string; kind: string }) {
  if (product.kind === 'ITEM') throw modelInvalid("An item carries its model's GTIN: it cannot change.", 'gtin');
  if (product.kind === 'MODEL' && (await tx.product.count({ where: { modelId: product.id } })) > 0)
    throw modelInvalid("A model's items carry its GTIN: it cannot change while it has items.", 'gtin');
}

/**
 * Changes a draft's name or identifiers under optimistic locking. A change to nothing writes nothing. Once a
 * passport has been published its GTIN, serial and batch are printed on labels, so a revision cannot change them.
 */
export async function updateProduct({ ctx, input, db = prisma }: VerbArgs<UpdateProductInput>): Promise<ProductRow> {
  requireRole(ctx, AUTHOR_ROLES, 'edit a passport');
  const patch = identityPatch(input);
  try {
    return await inTransaction(db, async (tx) => {
      const product = await loadProductForUpdate(tx, ctx, input.productId);
      requireEditable(product);
      requireLockVersion(product, input.lockVersion);
      const changed = (Object.keys(patch) as (keyof Identity)[]).filter((k) => patch[k] !== product[k]);
      if (changed.length === 0)
        return tx.product.findUniqueOrThrow({ where: { id: product.id }, include: PRODUCT_INCLUDE });
      const next: Identity = {
        name: product.name,
        gtin: product.gtin,
        serialNumber: product.serialNumber,
        batchNumber: product.batchNumber,
        ...patch,
      };
      const readdressed = changed.some((k) => (ADDRESS_MEMBERS as readonly string[]).includes(k));
      if (readdressed && product.version > 0) {
        throw new ServiceError(
          'PRODUCT_FROZEN',
          'The GTIN, serial and batch number of a published passport cannot change.',
          {
            details: { members: changed.filter((k) => k !== 'name') },
          },
        );
      }
      if (changed.includes('gtin')) await requireGtinKeptForModels(tx, product);
      if (changed.includes('name')) await requireNameFree(tx, ctx, product.mode, product.id, next.name);
      if (readdressed) await requireGtinFree(tx, ctx, product.id, next);
      const data = Object.fromEntries(changed.map((k) => [k, next[k]]));
      const updated = await tx.product.update({
        where: { id: product.id },
        data: { ...data, lockVersion: { increment: 1 } },
        include: PRODUCT_INCLUDE,
      });
      const context = { members: changed };
      await recordProductChange(tx, ctx, product, 'Update', context, { 'product.updated': context });
      return updated;
    });
  } catch (error) {
    throw uniqueViolationAsConflict(error);
  }
}

import { prisma } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { VerbArgs } from '../../domain/context';
import { loadEditableProduct, recordRelationChange, requireRelationWriter } from './editable-product';
import { requireAccessibleSupplier } from './supplier-access';
import type { TraceabilityStage } from './traceability-stages';
import { supplierSelect, traceabilityEntryView } from './views';

export interface TraceabilityEntryInput {
  productId: string;
  supplierId?: string | null;
  stage: TraceabilityStage;
  material?: string | null;
  /** ISO 3166-1 alpha-2, already checked by the caller's schema. */
  country?: string | null;
  description?: string | null;
  documentUrl?: string | null;
  occurredAt?: Date | null;
}

/** Records one supply-chain step of a draft, optionally naming a supplier the company owns or is linked to. */
export async function addTraceabilityEntry({ ctx, input, db = prisma }: VerbArgs<TraceabilityEntryInput>) {
  requireRelationWriter(ctx, 'add traceability entries');
  return inTransaction(db, async (tx) => {
    const product = await loadEditableProduct(tx, ctx, input.productId);
    const supplier = input.supplierId ? await requireAccessibleSupplier(tx, ctx.companyId, input.supplierId) : null;
    const entry = await tx.traceabilityEntry.create({
      data: {
        productId: product.id,
        supplierId: supplier?.id ?? null,
        stage: input.stage,
        material: input.material ?? null,
        country: input.country ?? null,
        description: input.description ?? null,
        documentUrl: input.documentUrl ?? null,
        occurredAt: input.occurredAt ?? null,
      },
      include: { supplier: supplierSelect },
    });
    const context = { traceabilityEntryId: entry.id, stage: entry.stage, supplierId: entry.supplierId };
    await recordRelationChange(tx, ctx, product, 'traceability', context);
    return traceabilityEntryView(entry);
  });
}

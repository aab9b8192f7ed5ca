import { prisma } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { VerbArgs } from '../../domain/context';
import { ServiceError } from '../../errors';
import { containsTransitively, lockComponentGraph, MAX_COMPONENTS } from './component-graph';
import { loadEditableProduct, recordRelationChange, requireRelationWriter } from './editable-product';
import { componentChildSelect, componentView } from './views';

export interface ComponentInput {
  productId: string;
  childId: string;
  quantity?: number;
  role?: string | null;
}

/**
 * Declares that a draft contains `quantity` of another product of the same company and mode. Posting the same
 * child again updates its quantity and role (`created: false`), so an ERP may resend a whole bill of materials.
 */
export async function addComponent({ ctx, input, db = prisma }: VerbArgs<ComponentInput>) {
  requireRelationWriter(ctx, 'change components');
  return inTransaction(db, async (tx) => {
    // Graph lock before the row lock, always in this order, so component writers never deadlock each other.
    await lockComponentGraph(tx, ctx.companyId);
    const parent = await loadEditableProduct(tx, ctx, input.productId);
    if (input.childId.toLowerCase() === parent.id)
      throw new ServiceError('SELF_REFERENCE', 'A product cannot be a component of itself.');
    const child = await tx.product.findFirst({
      where: { id: input.childId, companyId: parent.companyId, mode: parent.mode },
      select: { id: true },
    });
    if (!child) throw new ServiceError('NOT_FOUND', 'No such component product.', { details: { field: 'childId' } });
    const existing = await tx.componentLink.findUnique({
      where: { parentId_childId: { parentId: parent.id, childId: child.id } },
    });
    if (!existing) {
      const count = await tx.componentLink.count({ where: { parentId: parent.id } });
      if (count >= MAX_COMPONENTS) {
        throw new ServiceError('MAX_COMPONENTS', `A product may have at most ${MAX_COMPONENTS} direct components.`, {
          details: { max: MAX_COMPONENTS },
        });
      }
      if (await containsTransitively(tx, child.id, parent.id)) {
        throw new ServiceError(
          'CIRCULAR_REFERENCE',
          'That product already contains this one (directly or through its components): the link would close a cycle.',
        );
      }
    }
    const data = { quantity: input.quantity ?? 1, role: input.role ?? null };
    const link = existing
      ? await tx.componentLink.update({ where: { id: existing.id }, data, include: { child: componentChildSelect } })
      : await tx.componentLink.create({
          data: { parentId: parent.id, childId: child.id, ...data },
          include: { child: componentChildSelect },
        });
    const context = {
      componentLinkId: link.id,
      childId: child.id,
      quantity: link.quantity,
      role: link.role,
      created: !existing,
    };
    await recordRelationChange(tx, ctx, parent, 'components', context);
    return { component: componentView(link), created: !existing };
  });
}

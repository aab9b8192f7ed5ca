import { prisma } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { VerbArgs } from '../../domain/context';
import { publicViewOf, refreshPublicDocument, storePublicView } from '../public/representations';
import { writeSnapshot } from '../snapshot';
import { loadProductForUpdate, requireState } from './load';
import { recordProductChange } from './record';
import { lifecycleResult, REVIEW_ROLES, requireRole } from './result';

/**
 * Approval is publication: submitted → published as version N+1, with an immutable snapshot. The first
 * publication sets `publishedAt`; every one sets `lastPublishedAt`.
 */
export async function approveProduct({ ctx, input, db = prisma }: VerbArgs<{ productId: string }>) {
  requireRole(ctx, REVIEW_ROLES, 'approve a passport');
  return inTransaction(db, async (tx) => {
    const product = await loadProductForUpdate(tx, ctx, input.productId);
    requireState(product, ['SUBMITTED'], 'approve');
    const now = new Date();
    const version = product.version + 1;
    const snapshot = await writeSnapshot(tx, product, {
      version,
      publishedAt: now,
      publishedById: ctx.actor.channel === 'Portal' ? ctx.actor.id : null,
    });
    // Its public view (what /v/{version} serves), made once from the bytes just written.
    await storePublicView(
      tx,
      { productId: product.id, version, sourceSha256: snapshot.sha256 },
      publicViewOf(snapshot.bytes),
    );
    const updated = await tx.product.update({
      where: { id: product.id },
      data: {
        state: 'APPROVED',
        version,
        publishedAt: product.publishedAt ?? now,
        lastPublishedAt: now,
        lockVersion: { increment: 1 },
        // Decided: no longer part of an import's batch in review.
        reviewImportId: null,
      },
    });
    // The new version's public documents, serialized once in the commit that publishes them.
    await refreshPublicDocument(tx, product.slug);
    const context = { version, sha256: snapshot.sha256, byteLength: snapshot.byteLength };
    const data = { slug: product.slug, version };
    await recordProductChange(tx, ctx, product, 'Approve', context, {
      'product.approved': data,
      'passport.published': data,
    });
    return lifecycleResult(updated);
  });
}

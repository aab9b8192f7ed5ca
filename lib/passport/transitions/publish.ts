import { issuePassportCredential } from '../../credentials/issue';
import type { Tx } from '../../db/client';
import type { Prisma } from '../../db/generated/client';
import type { DomainContext } from '../../domain/context';
import { markRegistrationDue } from '../../registry/queue';
import { completeHandoverOnPublish } from '../handover/handover';
import type { EffectiveData } from '../models/merge';
import { modelReference } from '../models/merge';
import { publicViewOf, refreshPublicDocument, storePublicView } from '../public/representations';
import { type SnapshotSource, writeSnapshot } from '../snapshot';
import { type ProductEvents, recordProductChange } from './record';

type Publishable = SnapshotSource & { companyId: string; version: number; mode: 'LIVE' | 'TEST' };

/**
 * Writes version N+1 of a passport in the caller's transaction: the snapshot of its effective data (an item's
 * merged with its model's published version, which the snapshot names), the public view made from those bytes,
 * the product row (`data` adds the caller's state change), the public document, the version's signed credential
 * (lib/credentials; a key that cannot sign fails the whole publication), the registration due with the EU registry
 * (lib/registry), the audit row and the events.
 */
export async function publishVersion(
  tx: Tx,
  ctx: DomainContext,
  product: Publishable,
  effective: EffectiveData,
  change: {
    eventType: string;
    context?: Prisma.InputJsonObject;
    events: (data: Prisma.InputJsonObject) => ProductEvents;
    data?: Prisma.ProductUncheckedUpdateInput;
  },
) {
  const now = new Date();
  const version = product.version + 1;
  const model = modelReference(effective.model);
  const snapshot = await writeSnapshot(
    tx,
    { ...product, formData: effective.formData, model },
    { version, publishedAt: now, publishedById: ctx.actor.channel === 'Portal' ? ctx.actor.id : null },
  );
  // Its public view (what /v/{version} serves), made once from the bytes just written.
  const view = publicViewOf(snapshot.bytes);
  await storePublicView(tx, { productId: product.id, version, sourceSha256: snapshot.sha256 }, view);
  const updated = await tx.product.update({
    where: { id: product.id },
    data: {
      ...change.data,
      version,
      publishedAt: product.publishedAt ?? now,
      lastPublishedAt: now,
      lockVersion: { increment: 1 },
      ...(model ? { modelVersion: model.version } : {}),
    },
  });
  // The new version's public documents, serialized once in the commit that publishes them.
  await refreshPublicDocument(tx, product.slug);
  // A handover's successor published for the first time: its original names it from this commit on.
  if (version === 1) await completeHandoverOnPublish(tx, product, now);
  // Its credential, signed from that view. Late in the transaction on purpose: the company's status list row stays
  // locked from here to the commit, so publications of one company overlap in everything before it. Status list
  // before audit row, as in every transition, so two transactions never wait on each other's lock.
  await issuePassportCredential(tx, { ...product, version, publishedAt: snapshot.publishedAt, publicView: view.bytes });
  // The EU registry learns of the new version from the registry worker, after this commit.
  await markRegistrationDue(tx, product);
  const modelVersion = model ? { modelVersion: model.version } : {};
  const context = {
    version,
    sha256: snapshot.sha256,
    byteLength: snapshot.byteLength,
    ...modelVersion,
    ...change.context,
  };
  await recordProductChange(
    tx,
    ctx,
    product,
    change.eventType,
    context,
    change.events({ slug: product.slug, version }),
  );
  return updated;
}

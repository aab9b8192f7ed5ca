import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disconnectPrisma, prisma } from '../../db/client';
import { systemActor } from '../../domain/context';
import type { ServiceError } from '../../http/errors';
import { createPublishedPassport, createTestCompany, createTestProduct } from '../../testing/factories';
import { withdrawProduct } from '../lifecycle';
import { publicSnapshotBySlug, readPublicSnapshot } from './snapshot-view';

let companyId: string;
beforeAll(async () => {
  companyId = (await createTestCompany(prisma)).id;
});
afterAll(() => disconnectPrisma());

const refusal = (slug: string, version: number) => publicSnapshotBySlug(slug, version).then(() => null, (err: ServiceError) => err.code);

async function tamper(productId: string) {
  // The append-only trigger refuses UPDATE: switched off for this one transaction only.
  await prisma.$transaction([
    prisma.$executeRawUnsafe('ALTER TABLE "PassportVersion" DISABLE TRIGGER "PassportVersion_append_only"'),
    prisma.$executeRaw`UPDATE "PassportVersion" SET "snapshot" = overlay("snapshot" placing '\\x58'::bytea from 20 for 1) WHERE "productId" = ${productId}::uuid`,
    prisma.$executeRawUnsafe('ALTER TABLE "PassportVersion" ENABLE TRIGGER "PassportVersion_append_only"'),
  ]);
}

describe('a version by slug in one query (/api/dpp/{slug}/v/{version})', () => {
  it('serves the public view of a published version, the same bytes as the version list describes', async () => {
    const product = await createPublishedPassport(prisma, { companyId });
    const served = await publicSnapshotBySlug(product.slug, 1);
    const listed = await readPublicSnapshot(product.id, 1);
    expect(served.bytes.equals(listed!.bytes)).toBe(true);
    expect(served.sha256).toBe(listed!.sha256);
    expect(served.version).toBe(1);
    expect(served.publishedAt).toBe(listed!.publishedAt);
    expect(await publicSnapshotBySlug(product.slug, 1)).toEqual(served);
  });

  it('answers 404 PRODUCT_NOT_FOUND for a withdrawn, never published or unknown passport, VERSION_NOT_FOUND for a version never published', async () => {
    const product = await createPublishedPassport(prisma, { companyId });
    const draft = await createTestProduct(prisma, { companyId });
    expect(await refusal(product.slug, 2)).toBe('VERSION_NOT_FOUND');
    expect(await refusal(product.slug, Number.POSITIVE_INFINITY)).toBe('VERSION_NOT_FOUND');
    expect(await refusal(draft.slug, 1)).toBe('PRODUCT_NOT_FOUND');
    expect(await refusal('no-such-passport', 1)).toBe('PRODUCT_NOT_FOUND');
    await publicSnapshotBySlug(product.slug, 1);
    await withdrawProduct({ ctx: { companyId, actor: systemActor('test') }, input: { productId: product.id, reason: 'Recalled' } });
    expect(await refusal(product.slug, 1)).toBe('PRODUCT_NOT_FOUND');
  });

  it('checks the stored bytes on every read: tampered bytes fail closed even after their view was made', async () => {
    const product = await createPublishedPassport(prisma, { companyId });
    await publicSnapshotBySlug(product.slug, 1);
    await tamper(product.id);
    expect(await refusal(product.slug, 1)).toBe('SNAPSHOT_INTEGRITY_FAILURE');
  });
});

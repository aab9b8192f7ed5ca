import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublishedPassport, createTestCompany, createTestProduct } from '../../../testing/factories';
import { countStatements } from '../../../testing/statements';
import { disconnectPrisma, prisma } from '../../db/client';
import { systemActor } from '../../domain/context';
import type { ServiceError } from '../../errors';
import { sha256Hex } from '../canonical-json';
import { withdrawProduct } from '../lifecycle';
import { requirePublishedPassport } from './served';
import { listPublicVersions, type PublicSnapshot, publicSnapshotBySlug, readPublicSnapshot } from './snapshot-view';

let companyId: string;
beforeAll(async () => {
  companyId = (await createTestCompany(prisma)).id;
});
afterAll(() => disconnectPrisma());

const refusal = (slug: string, version: number) =>
  publicSnapshotBySlug(slug, version).then(
    () => null,
    (err: ServiceError) => err.code,
  );

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
    await withdrawProduct({
      ctx: { companyId, actor: systemActor('test') },
      input: { productId: product.id, reason: 'Recalled' },
    });
    expect(await refusal(product.slug, 1)).toBe('PRODUCT_NOT_FOUND');
  });

  it('reads asked in the same turn share one query, and each answers for its own passport and version', async () => {
    const [a, b, withdrawn] = await Promise.all([1, 2, 3].map(() => createPublishedPassport(prisma, { companyId })));
    await withdrawProduct({
      ctx: { companyId, actor: systemActor('test') },
      input: { productId: withdrawn.id, reason: 'Recalled' },
    });
    const expected = await Promise.all([readPublicSnapshot(a.id, 1), readPublicSnapshot(b.id, 1)]);
    const { result: answers, statements } = await countStatements(() =>
      Promise.all([
        publicSnapshotBySlug(a.slug, 1),
        publicSnapshotBySlug(b.slug, 1),
        publicSnapshotBySlug(a.slug, 1),
        refusal(a.slug, 2),
        refusal(withdrawn.slug, 1),
        refusal('no-such-passport', 1),
      ]),
    );
    expect(statements).toBe(1);
    const [viewA, viewB, againA, ...refusals] = answers as [
      PublicSnapshot,
      PublicSnapshot,
      PublicSnapshot,
      ...unknown[],
    ];
    expect(viewA.bytes.equals(expected[0]!.bytes)).toBe(true);
    expect(viewB.bytes.equals(expected[1]!.bytes)).toBe(true);
    expect(againA.bytes.equals(viewA.bytes)).toBe(true);
    expect(refusals).toEqual(['VERSION_NOT_FOUND', 'PRODUCT_NOT_FOUND', 'PRODUCT_NOT_FOUND']);
  });

  it('checks the stored bytes on every read: tampered bytes fail closed even after their view was made', async () => {
    const product = await createPublishedPassport(prisma, { companyId });
    await publicSnapshotBySlug(product.slug, 1);
    await tamper(product.id);
    expect(await refusal(product.slug, 1)).toBe('SNAPSHOT_INTEGRITY_FAILURE');
  });
});

describe('stored public views (table PublicSnapshot)', () => {
  const storedView = (productId: string) =>
    prisma.publicSnapshot.findUnique({ where: { productId_version: { productId, version: 1 } } });

  it('publication stores the view the version serves, made from the bytes it wrote', async () => {
    const product = await createPublishedPassport(prisma, { companyId });
    const view = await storedView(product.id);
    const version = await prisma.passportVersion.findUniqueOrThrow({
      where: { productId_version: { productId: product.id, version: 1 } },
    });
    const derived = await readPublicSnapshot(product.id, 1);
    expect(view?.body).toBe(derived!.bytes.toString('utf8'));
    expect(view?.sha256).toBe(derived!.sha256);
    expect(view?.sourceSha256).toBe(version.sha256);
    const served = await publicSnapshotBySlug(product.slug, 1);
    expect(served.bytes.equals(derived!.bytes)).toBe(true);
  });

  it('a version published before views were stored is served from its snapshot, and its view stored by that read', async () => {
    const product = await createPublishedPassport(prisma, { companyId });
    const expected = await readPublicSnapshot(product.id, 1);
    await prisma.publicSnapshot.delete({ where: { productId_version: { productId: product.id, version: 1 } } });
    const served = await publicSnapshotBySlug(product.slug, 1);
    expect(served.bytes.equals(expected!.bytes)).toBe(true);
    expect(served.sha256).toBe(expected!.sha256);
    expect((await storedView(product.id))?.sha256).toBe(expected!.sha256);
  });

  it('a stored view whose bytes no longer match its hash, or made from other snapshot bytes, is made again and never served', async () => {
    const product = await createPublishedPassport(prisma, { companyId });
    const expected = await readPublicSnapshot(product.id, 1);
    const where = { productId_version: { productId: product.id, version: 1 } };
    await prisma.publicSnapshot.update({
      where,
      data: { body: expected!.bytes.toString('utf8').replace('{', '{"forged":true,') },
    });
    expect((await publicSnapshotBySlug(product.slug, 1)).bytes.equals(expected!.bytes)).toBe(true);
    expect((await storedView(product.id))?.body).toBe(expected!.bytes.toString('utf8'));

    // A body that matches its hash, but was made from other snapshot bytes than this version's.
    const forged = Buffer.from('{"forged":true}');
    await prisma.publicSnapshot.update({
      where,
      data: { body: forged.toString('utf8'), sha256: sha256Hex(forged), sourceSha256: '0'.repeat(64) },
    });
    expect((await publicSnapshotBySlug(product.slug, 1)).bytes.equals(expected!.bytes)).toBe(true);
    expect(await storedView(product.id)).toMatchObject({
      body: expected!.bytes.toString('utf8'),
      sha256: expected!.sha256,
    });
  });
});

describe('the version list (/api/dpp/{slug}/versions)', () => {
  const storedView = (productId: string) =>
    prisma.publicSnapshot.findUnique({ where: { productId_version: { productId, version: 1 } } });

  it('describes the bytes /v/{version} serves, fills a missing view, and fails closed on a tampered snapshot', async () => {
    const product = await createPublishedPassport(prisma, { companyId });
    const expected = await readPublicSnapshot(product.id, 1);
    const listing = () => requirePublishedPassport(product.slug).then(listPublicVersions);
    const entry = {
      version: 1,
      publishedAt: expected!.publishedAt,
      sha256: expected!.sha256,
      byteLength: expected!.bytes.byteLength,
      url: `/api/dpp/${product.slug}/v/1`,
      credential: `/api/dpp/${product.slug}/v/1/credential`,
    };
    expect(await listing()).toEqual([entry]);

    await prisma.publicSnapshot.delete({ where: { productId_version: { productId: product.id, version: 1 } } });
    expect(await listing()).toEqual([entry]);
    expect((await storedView(product.id))?.sha256).toBe(expected!.sha256);

    // The listing's own check: the passport was looked up before its snapshot was tampered with.
    const passport = await requirePublishedPassport(product.slug);
    await tamper(product.id);
    expect(
      await listPublicVersions(passport).then(
        () => null,
        (err: ServiceError) => err.code,
      ),
    ).toBe('SNAPSHOT_INTEGRITY_FAILURE');
  });
});

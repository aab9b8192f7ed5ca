import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublishedPassport, createTestCompany } from '../../../testing/factories';
import { disconnectPrisma, prisma } from '../../db/client';
import { systemActor } from '../../domain/context';
import { withdrawProduct } from '../lifecycle';
import { findPublicPassport } from './representations';

let companyId: string;
beforeAll(async () => {
  companyId = (await createTestCompany(prisma)).id;
});
afterAll(() => disconnectPrisma());

const passportOf = async (slug: string) => {
  const lookup = await findPublicPassport({ slug });
  if (lookup.kind === 'not_found') throw new Error(`${slug} not found`);
  return lookup.passport;
};

describe("the public passport's served credential (the viewer's “Signed by”)", () => {
  it('names the current version’s credential address and when it was signed', async () => {
    const product = await createPublishedPassport(prisma, { companyId });
    const stored = await prisma.passportCredential.findUniqueOrThrow({
      where: { productId_version: { productId: product.id, version: 1 } },
    });
    expect((await passportOf(product.slug)).credential).toEqual({
      url: `/api/dpp/${product.slug}/v/1/credential`,
      signedAt: stored.issuedAt.toISOString(),
    });
  });

  it('is null for a version without a credential (published before credentials, not yet backfilled)', async () => {
    const product = await createPublishedPassport(prisma, { companyId });
    // Credentials are append-only: the trigger is lifted for this one deletion, inside its own transaction.
    await prisma.$transaction([
      prisma.$executeRawUnsafe('ALTER TABLE "PassportCredential" DISABLE TRIGGER "PassportCredential_append_only"'),
      prisma.$executeRaw`DELETE FROM "PassportCredential" WHERE "productId" = ${product.id}::uuid`,
      prisma.$executeRawUnsafe('ALTER TABLE "PassportCredential" ENABLE TRIGGER "PassportCredential_append_only"'),
    ]);
    expect((await passportOf(product.slug)).credential).toBeNull();
  });

  it('is null for a withdrawn passport, whose credential is no longer served', async () => {
    const product = await createPublishedPassport(prisma, { companyId });
    await withdrawProduct({
      ctx: { companyId, actor: systemActor('test') },
      input: { productId: product.id, reason: 'Recalled' },
    });
    const lookup = await findPublicPassport({ slug: product.slug });
    expect(lookup.kind).toBe('withdrawn');
    expect(lookup.kind === 'withdrawn' && lookup.passport.credential).toBeNull();
  });
});

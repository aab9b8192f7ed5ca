import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPublishedPassport, createTestCompany } from '../../../testing/factories';
import { resetConfigForTests } from '../../config';
import { disconnectPrisma, prisma } from '../../db/client';
import type { Prisma } from '../../db/generated/client';
import { systemActor } from '../../domain/context';
import { withdrawProduct } from '../lifecycle';
import { findPublicPassport, resetPublicCacheForTests } from './lookup';

let companyId: string;
beforeAll(async () => {
  companyId = (await createTestCompany(prisma)).id;
});
afterEach(() => {
  delete process.env.PUBLIC_CACHE_ENTRIES;
  resetConfigForTests();
  resetPublicCacheForTests();
});
afterAll(() => disconnectPrisma());

const published = (formData: Record<string, unknown> = {}) => createPublishedPassport(prisma, { companyId, formData });
const lookup = async (slug: string) => findPublicPassport({ slug });

describe('the public read cache', () => {
  it('serves an unchanged published passport from memory (the same document object twice)', async () => {
    const product = await published();
    const first = await lookup(product.slug);
    expect(first.kind).toBe('published');
    expect(await lookup(product.slug)).toBe(first);
  });

  it('shows a changed dynamic value on the very next read', async () => {
    const product = await published({ current_soh_pct: 97 });
    const before = await lookup(product.slug);
    expect(before.kind === 'published' && before.passport.dpp.performance).toMatchObject({ currentSohPct: 97 });
    const formData = { ...(product.formData as Record<string, unknown>), current_soh_pct: 88 };
    await prisma.product.update({ where: { id: product.id }, data: { formData: formData as Prisma.InputJsonObject } });
    const after = await lookup(product.slug);
    expect(after.kind === 'published' && after.passport.dpp.performance).toMatchObject({ currentSohPct: 88 });
  });

  it('never serves a withdrawn passport from memory: the next read after the withdrawal is the withdrawal', async () => {
    const product = await published();
    await lookup(product.slug);
    await lookup(product.slug);
    const ctx = { companyId, actor: systemActor('test') };
    await withdrawProduct({ ctx, input: { productId: product.id, reason: 'Recalled' } });
    expect((await lookup(product.slug)).kind).toBe('withdrawn');
  });

  it('notices a change made by a manual query too (the revision is bumped by a trigger)', async () => {
    const product = await published();
    const before = await lookup(product.slug);
    await prisma.$executeRaw`UPDATE "Product" SET "name" = 'Renamed by hand' WHERE "id" = ${product.id}::uuid`;
    const after = await lookup(product.slug);
    expect(after).not.toBe(before);
    expect(after.kind === 'published' && after.passport.product.name).toBe('Renamed by hand');
  });

  it('keeps nothing when switched off (PUBLIC_CACHE_ENTRIES=0)', async () => {
    process.env.PUBLIC_CACHE_ENTRIES = '0';
    resetConfigForTests();
    resetPublicCacheForTests();
    const product = await published();
    const first = await lookup(product.slug);
    expect(await lookup(product.slug)).not.toBe(first);
    expect(first).toEqual(await lookup(product.slug));
  });
});

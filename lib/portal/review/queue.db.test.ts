import { afterAll, describe, expect, it } from 'vitest';
import { createTestCompany, createTestProduct } from '../../../testing/factories';
import { disconnectPrisma, prisma } from '../../db/client';
import type { ProductState } from '../../db/generated/enums';
import type { DomainContext } from '../../domain/context';
import { encodeCursor } from '../../domain/cursor';
import { ServiceError } from '../../errors';
import { listReviewQueue } from './queue';

afterAll(() => disconnectPrisma());

const reviewer = (companyId: string): DomainContext => ({
  companyId,
  actor: { role: 'REVIEWER', id: null, channel: 'Portal' },
});

async function product(
  companyId: string,
  state: ProductState,
  submittedAt: Date | null,
  extra: { mode?: 'LIVE' | 'TEST'; version?: number } = {},
) {
  const p = await createTestProduct(prisma, { companyId, state, mode: extra.mode, version: extra.version });
  return prisma.product.update({ where: { id: p.id }, data: { submittedAt } });
}

/** Every page in turn, as the Next page link walks them. */
async function walk(ctx: DomainContext, limit: number) {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await listReviewQueue({ ctx, input: { cursor, limit } });
    pages.push(page.items.map((i) => i.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return pages;
}

describe('listReviewQueue', () => {
  it("lists only the tenant's submitted passports, oldest submission first, both modes, with what a reviewer needs", async () => {
    const company = await createTestCompany(prisma);
    const other = await createTestCompany(prisma);
    const newer = await product(company.id, 'SUBMITTED', new Date('2026-11-20T10:00:00Z'), { mode: 'TEST' });
    const older = await product(company.id, 'SUBMITTED', new Date('2026-11-19T10:00:00Z'), { version: 2 });
    for (const state of ['DRAFT', 'APPROVED', 'WITHDRAWN', 'DEPRECATED'] as const)
      await product(company.id, state, new Date('2026-11-18T10:00:00Z'));
    await product(other.id, 'SUBMITTED', new Date('2026-11-18T10:00:00Z'));

    const page = await listReviewQueue({ ctx: reviewer(company.id) });
    expect(page.items.map((i) => i.id)).toEqual([older.id, newer.id]);
    expect(page.items[0]).toEqual({
      id: older.id,
      name: older.name,
      slug: older.slug,
      category: 'EV_BATTERY',
      mode: 'LIVE',
      version: 2,
      submittedAt: new Date('2026-11-19T10:00:00Z'),
    });
    expect(page.items[1].mode).toBe('TEST');
    expect(page.nextCursor).toBeNull();
  });

  it('pages by keyset without skipping or repeating, ties broken by id and unknown submission times first', async () => {
    const company = await createTestCompany(prisma);
    const same = new Date('2026-11-21T08:00:00Z');
    const rows = [
      await product(company.id, 'SUBMITTED', same),
      await product(company.id, 'SUBMITTED', null),
      await product(company.id, 'SUBMITTED', same),
      await product(company.id, 'SUBMITTED', new Date('2026-11-21T09:00:00Z')),
      await product(company.id, 'SUBMITTED', null),
    ];
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
    const expected = [
      ...rows.filter((r) => r.submittedAt === null).sort(byId),
      ...rows.filter((r) => r.submittedAt?.getTime() === same.getTime()).sort(byId),
      rows[3],
    ].map((r) => r.id);

    const pages = await walk(reviewer(company.id), 2);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual(expected);
    expect(await walk(reviewer(company.id), 1)).toEqual(expected.map((id) => [id]));
  });

  it('answers an empty page for a company with nothing to review', async () => {
    const company = await createTestCompany(prisma);
    expect(await listReviewQueue({ ctx: reviewer(company.id) })).toEqual({ items: [], nextCursor: null });
  });

  it('refuses a cursor it did not hand out with VALIDATION_ERROR, and a caller without an operator role', async () => {
    const company = await createTestCompany(prisma);
    for (const cursor of [
      'not-a-cursor',
      encodeCursor(['yesterday', crypto.randomUUID()]),
      encodeCursor(['2026-11-21T08:00:00.000Z', 'x']),
    ]) {
      const error = await listReviewQueue({ ctx: reviewer(company.id), input: { cursor } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceError);
      expect((error as ServiceError).code).toBe('VALIDATION_ERROR');
    }
    const integration: DomainContext = {
      companyId: company.id,
      actor: { role: 'Integration', id: null, channel: 'API' },
    };
    const refused = await listReviewQueue({ ctx: integration }).catch((e: unknown) => e);
    expect((refused as ServiceError).code).toBe('FORBIDDEN');
  });
});

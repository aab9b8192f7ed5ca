import { afterAll, describe, expect, it } from 'vitest';
import { createTestProduct } from '../../../testing/factories';
import { portalCompany, setRegistration, setUpdatedAt } from '../../../testing/portal-passports';
import { countStatements } from '../../../testing/statements';
import { createPrismaClient, disconnectPrisma, prisma } from '../../db/client';
import { listPassports, PASSPORTS_PER_PAGE, type PassportListQuery, passportListQuery } from './list';

// A client whose statements are counted (the flag is read when a client is made).
const previousCounter = process.env.DB_QUERY_COUNTER;
process.env.DB_QUERY_COUNTER = '1';
const counted = createPrismaClient();
process.env.DB_QUERY_COUNTER = previousCounter;

afterAll(async () => {
  await counted.$disconnect();
  await disconnectPrisma();
});

/** A live published passport whose registration is in `status` (none: never registered). */
async function registeredAs(companyId: string, status?: 'PENDING' | 'REGISTERED' | 'FAILED', lastError?: string) {
  const product = await createTestProduct(prisma, { companyId, state: 'APPROVED', version: 1 });
  if (status) await setRegistration(prisma, product.id, status, { lastError });
  return product;
}

describe('listPassports', () => {
  it('finds passports by name, slug, GTIN, serial or batch number, ignoring case, and never another company’s', async () => {
    const { company, ctx } = await portalCompany();
    const other = await portalCompany();
    const byName = await createTestProduct(prisma, { companyId: company.id, name: 'Voltaris Cobalt-Free Pack' });
    const bySlug = await createTestProduct(prisma, { companyId: company.id, slug: `zephyr-cell-${Date.now()}` });
    const byGtin = await createTestProduct(prisma, {
      companyId: company.id,
      gtin: '04012345000009',
      serialNumber: `SN-${Date.now()}`,
    });
    const byBatch = await createTestProduct(prisma, {
      companyId: company.id,
      gtin: '04012345000016',
      batchNumber: 'LOT-QX-7',
    });
    await createTestProduct(prisma, { companyId: other.company.id, name: 'Voltaris Cobalt-Free Pack' });
    const ids = async (search: string) => (await listPassports({ ctx, query: { search } })).items.map((p) => p.id);
    expect(await ids('cobalt-free')).toEqual([byName.id]);
    expect(await ids('ZEPHYR-CELL')).toEqual([bySlug.id]);
    // A GTIN-13 as printed finds the stored GTIN-14.
    expect(await ids('4012345000009')).toEqual([byGtin.id]);
    expect(await ids(byGtin.serialNumber!.toLowerCase())).toEqual([byGtin.id]);
    expect(await ids('lot-qx')).toEqual([byBatch.id]);
    expect(await ids('no such passport')).toEqual([]);
  });

  it('matches % and _ literally rather than as wildcards', async () => {
    const { company, ctx } = await portalCompany();
    const percent = await createTestProduct(prisma, { companyId: company.id, name: 'Pack 50% recycled' });
    const underscore = await createTestProduct(prisma, { companyId: company.id, name: 'Pack_A' });
    await createTestProduct(prisma, { companyId: company.id, name: 'Pack 500 plain' });
    const ids = async (search: string) =>
      (await listPassports({ ctx, query: { search } })).items.map((p) => p.id).sort();
    expect(await ids('50%')).toEqual([percent.id]);
    expect(await ids('k_a')).toEqual([underscore.id]);
    expect(await ids('%')).toEqual([percent.id]);
  });

  it('filters by public state name, category and mode, alone and together', async () => {
    const { company, ctx } = await portalCompany();
    const draft = await createTestProduct(prisma, { companyId: company.id, category: 'LMT_BATTERY' });
    const approved = await createTestProduct(prisma, { companyId: company.id, state: 'APPROVED', version: 1 });
    const sandbox = await createTestProduct(prisma, { companyId: company.id, mode: 'TEST', category: 'LMT_BATTERY' });
    const ids = async (q: PassportListQuery) => (await listPassports({ ctx, query: q })).items.map((p) => p.id).sort();
    expect(await ids({ state: 'published' })).toEqual([approved.id]);
    expect(await ids({ state: 'draft' })).toEqual([draft.id, sandbox.id].sort());
    expect(await ids({ category: 'LMT_BATTERY' })).toEqual([draft.id, sandbox.id].sort());
    expect(await ids({ mode: 'test' })).toEqual([sandbox.id]);
    expect(await ids({ mode: 'live', category: 'LMT_BATTERY', state: 'draft' })).toEqual([draft.id]);
    const [row] = (await listPassports({ ctx, query: { state: 'published' } })).items;
    expect(row).toMatchObject({
      name: approved.name,
      category: 'EV_BATTERY',
      state: 'published',
      mode: 'live',
      version: 1,
    });
  });

  it('pages 25 at a time, most recently changed first, each passport once; a forged cursor starts over', async () => {
    const { company, ctx } = await portalCompany();
    const made = [];
    for (let i = 0; i < PASSPORTS_PER_PAGE + 3; i++)
      made.push(await createTestProduct(prisma, { companyId: company.id }));
    // Equal timestamps for a few: the id breaks the tie, so paging neither skips nor repeats.
    const same = new Date('2026-03-01T00:00:00.000Z');
    for (const p of made.slice(0, 6)) await setUpdatedAt(p.id, same);
    const expected = (
      await prisma.product.findMany({
        where: { companyId: company.id },
        orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
      })
    ).map((p) => p.id);
    const first = await listPassports({ ctx, query: {} });
    expect(first.items).toHaveLength(PASSPORTS_PER_PAGE);
    expect(first.nextCursor).not.toBeNull();
    const second = await listPassports({ ctx, query: { cursor: first.nextCursor! } });
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].map((p) => p.id)).toEqual(expected);
    expect((await listPassports({ ctx, query: { cursor: 'not-a-cursor' } })).items.map((p) => p.id)).toEqual(
      expected.slice(0, PASSPORTS_PER_PAGE),
    );
  });
});

describe('listPassports: the EU registry column and filter', () => {
  it("reads each passport's registration state and the failed one's last error, in the list's one statement", async () => {
    const { company, ctx } = await portalCompany();
    const failed = await registeredAs(company.id, 'FAILED', 'registry refused the record: 422 commodityCode');
    const registered = await registeredAs(company.id, 'REGISTERED');
    const pending = await registeredAs(company.id, 'PENDING');
    const draft = await createTestProduct(prisma, { companyId: company.id });
    const { result, statements } = await countStatements(() => listPassports({ ctx, query: {}, db: counted }));
    expect(statements).toBe(1);
    const byId = new Map(result.items.map((i) => [i.id, i]));
    expect(byId.get(failed.id)).toMatchObject({
      registry: 'failed',
      registryError: 'registry refused the record: 422 commodityCode',
    });
    expect(byId.get(registered.id)).toMatchObject({ registry: 'registered', registryError: null });
    expect(byId.get(pending.id)).toMatchObject({ registry: 'pending' });
    expect(byId.get(draft.id)).toMatchObject({ registry: 'not_registered', registryError: null });
  });

  it("filters by registration state, with the other filters, and never lists another company's registrations", async () => {
    const { company, ctx } = await portalCompany();
    const other = await portalCompany();
    const failed = await registeredAs(company.id, 'FAILED');
    const registered = await registeredAs(company.id, 'REGISTERED');
    const pending = await registeredAs(company.id, 'PENDING');
    const draft = await createTestProduct(prisma, { companyId: company.id, name: 'Unpublished pack' });
    const sandbox = await createTestProduct(prisma, { companyId: company.id, mode: 'TEST' });
    await registeredAs(other.company.id, 'FAILED');
    await registeredAs(other.company.id, 'REGISTERED');
    const ids = async (q: PassportListQuery) => (await listPassports({ ctx, query: q })).items.map((p) => p.id).sort();
    expect(await ids({ registry: 'failed' })).toEqual([failed.id]);
    expect(await ids({ registry: 'registered' })).toEqual([registered.id]);
    expect(await ids({ registry: 'pending' })).toEqual([pending.id]);
    expect(await ids({ registry: 'not_registered' })).toEqual([draft.id, sandbox.id].sort());
    expect(await ids({ registry: 'not_registered', mode: 'live' })).toEqual([draft.id]);
    expect(await ids({ registry: 'not_registered', search: 'unpublished' })).toEqual([draft.id]);
    expect(await ids({ registry: 'failed', state: 'draft' })).toEqual([]);
    expect(await listPassports({ ctx: other.ctx, query: { registry: 'pending' } })).toEqual({
      items: [],
      nextCursor: null,
    });
  });

  it('pages through the failed registrations only, each once, 25 at a time', async () => {
    const { company, ctx } = await portalCompany();
    const failed = [];
    for (let i = 0; i < PASSPORTS_PER_PAGE + 2; i++) {
      failed.push(await registeredAs(company.id, 'FAILED'));
      // Registered passports between the failed ones: the cursor must skip them, not end the page early.
      await registeredAs(company.id, 'REGISTERED');
    }
    const first = await listPassports({ ctx, query: { registry: 'failed' } });
    expect(first.items).toHaveLength(PASSPORTS_PER_PAGE);
    expect(first.nextCursor).not.toBeNull();
    const second = await listPassports({ ctx, query: { registry: 'failed', cursor: first.nextCursor! } });
    expect(second.nextCursor).toBeNull();
    const seen = [...first.items, ...second.items];
    expect(seen.every((p) => p.registry === 'failed')).toBe(true);
    expect(seen.map((p) => p.id).sort()).toEqual(failed.map((p) => p.id).sort());
  });
});

describe('passportListQuery', () => {
  it('keeps the known filter values and drops anything else instead of failing', () => {
    expect(
      passportListQuery({
        q: '  pack  ',
        state: 'published',
        category: 'EV_BATTERY',
        mode: 'test',
        registry: 'failed',
        cursor: 'abc',
      }),
    ).toStrictEqual({
      search: 'pack',
      state: 'published',
      category: 'EV_BATTERY',
      mode: 'test',
      registry: 'failed',
      cursor: 'abc',
    });
    expect(
      passportListQuery({
        q: '',
        state: 'APPROVED',
        category: 'CAR',
        mode: ['live', 'test'],
        registry: 'FAILED',
        cursor: undefined,
      }),
    ).toStrictEqual({
      search: undefined,
      state: undefined,
      category: undefined,
      mode: 'live',
      registry: undefined,
      cursor: undefined,
    });
    expect(passportListQuery({ registry: 'not_registered' }).registry).toBe('not_registered');
    expect(passportListQuery({ q: 'x'.repeat(500) }).search).toHaveLength(100);
  });
});

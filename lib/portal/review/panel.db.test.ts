import { afterAll, describe, expect, it } from 'vitest';
import { createPublishedPassport, createTestCompany, createTestProduct } from '../../../testing/factories';
import { disconnectPrisma, prisma } from '../../db/client';
import type { DomainContext } from '../../domain/context';
import { loadLifecyclePanel } from './panel';

afterAll(() => disconnectPrisma());

const editor = (companyId: string): DomainContext => ({
  companyId,
  actor: { role: 'EDITOR', id: null, channel: 'Portal' },
});

describe('loadLifecyclePanel', () => {
  it("answers null for another company's product, an unknown id and a malformed id", async () => {
    const company = await createTestCompany(prisma);
    const other = await createTestCompany(prisma);
    const foreign = await createTestProduct(prisma, { companyId: other.id });
    for (const productId of [foreign.id, crypto.randomUUID(), 'not-a-uuid']) {
      expect(await loadLifecyclePanel({ ctx: editor(company.id), input: { productId } })).toBeNull();
    }
  });

  it('offers as successors only the other publicly served passports of the same company and mode', async () => {
    const company = await createTestCompany(prisma);
    const subject = await createPublishedPassport(prisma, {
      companyId: company.id,
      name: `B subject ${crypto.randomUUID()}`,
    });
    const published = await createPublishedPassport(prisma, {
      companyId: company.id,
      name: `A published ${crypto.randomUUID()}`,
    });
    const revising = await createTestProduct(prisma, {
      companyId: company.id,
      state: 'DRAFT',
      version: 1,
      name: `C revising ${crypto.randomUUID()}`,
    });
    await createTestProduct(prisma, { companyId: company.id, state: 'DRAFT' });
    await createTestProduct(prisma, { companyId: company.id, state: 'WITHDRAWN', version: 1 });
    await createTestProduct(prisma, { companyId: company.id, state: 'DEPRECATED', version: 1 });
    await createPublishedPassport(prisma, { companyId: company.id, mode: 'TEST' });
    await createPublishedPassport(prisma, { companyId: (await createTestCompany(prisma)).id });

    const panel = await loadLifecyclePanel({ ctx: editor(company.id), input: { productId: subject.id } });
    expect(panel?.product).toMatchObject({ id: subject.id, state: 'APPROVED', version: 1, mode: 'LIVE' });
    expect(panel?.successors).toEqual([
      { id: published.id, name: published.name },
      { id: revising.id, name: revising.name },
    ]);
  });

  it('loads no successors when the passport cannot be withdrawn', async () => {
    const company = await createTestCompany(prisma);
    await createPublishedPassport(prisma, { companyId: company.id });
    const draft = await createTestProduct(prisma, { companyId: company.id });
    const panel = await loadLifecyclePanel({ ctx: editor(company.id), input: { productId: draft.id } });
    expect(panel).toMatchObject({ product: { id: draft.id, state: 'DRAFT', version: 0 }, successors: [] });
  });
});

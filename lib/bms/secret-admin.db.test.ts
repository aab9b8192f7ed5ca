import { afterAll, describe, expect, it } from 'vitest';
import { portalOperator, refusal } from '../../testing/domain';
import { createTestBmsSecret, createTestCompany, createTestProduct } from '../../testing/factories';
import { disconnectPrisma, prisma } from '../db/client';
import { createCompanyBmsSecret, listCompanyBmsSecrets, revokeCompanyBmsSecret } from './secret-admin';
import { findActiveBmsSecret } from './secrets';

afterAll(() => disconnectPrisma());

describe('BMS secret administration for operators', () => {
  it('an ADMIN creates a secret limited to own products (plaintext once, creator recorded), lists it and revokes it at once', async () => {
    const { company, user, ctx } = await portalOperator();
    const product = await createTestProduct(prisma, { companyId: company.id });
    const created = await createCompanyBmsSecret({ ctx, input: { name: 'Line 3', productIds: [product.id] } });
    expect(created).toMatchObject({ name: 'Line 3', productIds: [product.id] });
    expect(created.secret).toMatch(/^bms_/);
    expect((await prisma.bmsSecret.findUniqueOrThrow({ where: { id: created.id } })).createdByUserId).toBe(user.id);

    const listed = await listCompanyBmsSecrets({ ctx, page: { limit: 10 } });
    expect(listed.items).toEqual([
      expect.objectContaining({ id: created.id, name: 'Line 3', productIds: [product.id], revokedAt: null }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    expect(listed.items[0]).not.toHaveProperty('secretHash');

    await revokeCompanyBmsSecret({ ctx, input: { secretId: created.id } });
    expect(await findActiveBmsSecret(created.secret)).toBeNull();
    const audit = await prisma.auditLog.findFirstOrThrow({
      where: { companyId: company.id, eventType: 'BmsSecretRevoked' },
    });
    expect(audit).toMatchObject({ actorRole: 'ADMIN', actorId: user.id, eventChannel: 'Portal' });
  });

  it("refuses another company's product and malformed ids (VALIDATION_ERROR naming productIds) and creates nothing", async () => {
    const { company, ctx } = await portalOperator();
    const foreign = await createTestProduct(prisma, { companyId: (await createTestCompany(prisma)).id });
    for (const productIds of [[foreign.id], ['not-a-product']]) {
      const error = await refusal(createCompanyBmsSecret({ ctx, input: { productIds } }));
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.options.details).toMatchObject({ field: 'productIds', invalid: productIds });
    }
    expect(await prisma.bmsSecret.count({ where: { companyId: company.id } })).toBe(0);
  });

  it("another company's secret is NOT_FOUND for revoke, absent from the list, and keeps working", async () => {
    const { ctx } = await portalOperator();
    const other = await createTestCompany(prisma);
    const foreign = await createTestBmsSecret(prisma, other.id);
    for (const secretId of [foreign.id, 'nope']) {
      expect((await refusal(revokeCompanyBmsSecret({ ctx, input: { secretId } }))).code).toBe('NOT_FOUND');
    }
    expect((await listCompanyBmsSecrets({ ctx, page: { limit: 10 } })).items).toEqual([]);
    expect(await findActiveBmsSecret(foreign.secret)).not.toBeNull();
  });

  it('EDITOR and REVIEWER operators are refused (FORBIDDEN) by create, list and revoke', async () => {
    for (const role of ['EDITOR', 'REVIEWER'] as const) {
      const { company, ctx } = await portalOperator(role);
      const existing = await createTestBmsSecret(prisma, company.id);
      const secretId = existing.id;
      const attempts = [
        () => createCompanyBmsSecret({ ctx, input: {} }),
        () => listCompanyBmsSecrets({ ctx, page: { limit: 10 } }),
        () => revokeCompanyBmsSecret({ ctx, input: { secretId } }),
      ];
      for (const attempt of attempts) {
        expect((await refusal(attempt())).code).toBe('FORBIDDEN');
      }
      expect(await prisma.bmsSecret.count({ where: { companyId: company.id } })).toBe(1);
      expect(await findActiveBmsSecret(existing.secret)).not.toBeNull();
    }
  });

  it('pages newest first without gaps or repeats', async () => {
    const { company, ctx } = await portalOperator();
    for (let i = 0; i < 5; i += 1) await createTestBmsSecret(prisma, company.id);
    const expected = await prisma.bmsSecret.findMany({
      where: { companyId: company.id },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      select: { id: true },
    });
    const seen: string[] = [];
    let after: { createdAt: Date; id: string } | undefined;
    for (;;) {
      const page = await listCompanyBmsSecrets({ ctx, page: { limit: 2, after } });
      seen.push(...page.items.map((s) => s.id));
      if (!page.next) break;
      after = page.next;
    }
    expect(seen).toEqual(expected.map((r) => r.id));
    expect(seen).toHaveLength(5);
  });
});

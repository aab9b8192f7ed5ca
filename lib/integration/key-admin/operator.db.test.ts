import { afterAll, describe, expect, it } from 'vitest';
import { portalOperator, refusal } from '../../../testing/domain';
import { createTestCompany, mintTestKey } from '../../../testing/factories';
import { rowsJson } from '../../../testing/json';
import { disconnectPrisma, prisma } from '../../db/client';
import type { DomainContext } from '../../domain/context';
import { findApiKeyByPlaintext } from '../keys';
import { getKey } from './get';
import { listKeys } from './list';
import { mintKey } from './mint';
import { mintAdminKey } from './mint-admin';
import { revokeKey } from './revoke';
import { rotateKey } from './rotate';
import { rotateSigningSecret } from './rotate-signing-secret';

afterAll(() => disconnectPrisma());

const input = { name: 'ERP export', scopes: ['dpp:read', 'category:read'], mode: 'live' as const };

describe('key administration by a portal operator', () => {
  it('an ADMIN operator mints, reads, lists (both modes), rotates and revokes; audited as the operator through the Portal', async () => {
    const { company, user, ctx } = await portalOperator('ADMIN');
    const live = await mintKey({ ctx, input });
    const test = await mintKey({ ctx, input: { ...input, mode: 'test' } });
    expect(live.key).toMatch(/^pk_live_/);
    expect(test.key).toMatch(/^pk_test_/);
    expect((await prisma.apiKey.findUniqueOrThrow({ where: { id: live.id } })).createdByUserId).toBe(user.id);
    expect(await getKey({ ctx, input: { keyId: live.id } })).toMatchObject({
      id: live.id,
      scopes: ['dpp:read', 'category:read'],
      status: 'active',
    });
    expect((await listKeys({ ctx, query: { limit: 10 } })).items.map((k) => k.id)).toEqual([live.id, test.id]);

    const successor = await rotateKey({ ctx, input: { keyId: live.id } });
    expect(successor.rotatedFromId).toBe(live.id);
    expect((await getKey({ ctx, input: { keyId: live.id } })).status).toBe('grace');
    expect((await rotateSigningSecret({ ctx, input: { keyId: successor.id } })).signingSecret).toMatch(/^sk_/);
    expect((await revokeKey({ ctx, input: { keyId: test.id } })).status).toBe('revoked');

    const minted = await prisma.auditLog.findFirstOrThrow({
      where: { companyId: company.id, eventType: 'ApiKeyMinted' },
      orderBy: { createdAt: 'asc' },
    });
    expect(minted).toMatchObject({ actorRole: 'ADMIN', actorId: user.id, eventChannel: 'Portal' });
  });

  it('EDITOR and REVIEWER operators are refused by every key verb (FORBIDDEN) and nothing is minted', async () => {
    for (const role of ['EDITOR', 'REVIEWER'] as const) {
      const { company, ctx } = await portalOperator(role);
      const existing = await mintTestKey(prisma, company.id);
      const keyId = existing.id;
      const attempts = [
        () => mintKey({ ctx, input }),
        () => listKeys({ ctx, query: { limit: 10 } }),
        () => getKey({ ctx, input: { keyId } }),
        () => revokeKey({ ctx, input: { keyId } }),
        () => rotateKey({ ctx, input: { keyId } }),
        () => rotateSigningSecret({ ctx, input: { keyId } }),
        () => mintAdminKey({ ctx, input: { ...input, scope: 'keys:admin' } }),
      ];
      for (const attempt of attempts) expect((await refusal(attempt())).code).toBe('FORBIDDEN');
      expect(await prisma.apiKey.count({ where: { companyId: company.id } })).toBe(1);
      expect((await prisma.apiKey.findUniqueOrThrow({ where: { id: existing.id } })).revokedAt).toBeNull();
    }
  });

  it("another company's key is NOT_FOUND to an ADMIN operator and stays unchanged", async () => {
    const { ctx } = await portalOperator('ADMIN');
    const other = await createTestCompany(prisma);
    const foreign = await mintTestKey(prisma, other.id);
    const keyId = foreign.id;
    for (const attempt of [
      () => getKey({ ctx, input: { keyId } }),
      () => revokeKey({ ctx, input: { keyId } }),
      () => rotateKey({ ctx, input: { keyId } }),
    ]) {
      expect((await refusal(attempt())).code).toBe('NOT_FOUND');
    }
    const row = await prisma.apiKey.findUniqueOrThrow({ where: { id: foreign.id } });
    expect(row).toMatchObject({ revokedAt: null, graceUntil: null });
  });

  it('the ordinary mint refuses privileged scopes for operators too', async () => {
    const { ctx } = await portalOperator('ADMIN');
    for (const scope of ['keys:admin', 'gdpr:admin']) {
      const error = await refusal(mintKey({ ctx, input: { ...input, scopes: [scope] } }));
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.message).toContain(scope);
    }
  });
});

describe('mintAdminKey', () => {
  it('mints keys:admin alone on a key (either mode) and gdpr:admin alone on a live key, audited as the operator', async () => {
    const { company, user, ctx } = await portalOperator('ADMIN');
    const keysAdmin = await mintAdminKey({
      ctx,
      input: { name: 'Key manager', scope: 'keys:admin', mode: 'test', expiresInDays: 30, allowedCidrs: ['10.0.0.1'] },
    });
    expect(keysAdmin).toMatchObject({
      scopes: ['keys:admin'],
      mode: 'test',
      allowedCidrs: ['10.0.0.1/32'],
      status: 'active',
    });
    expect(keysAdmin.key).toMatch(/^pk_test_/);
    expect(keysAdmin.signingSecret).toMatch(/^sk_/);
    const stored = await findApiKeyByPlaintext(prisma, keysAdmin.key);
    expect(stored).toMatchObject({ companyId: company.id, scopes: ['keys:admin'], createdByUserId: user.id });

    const gdpr = await mintAdminKey({ ctx, input: { name: 'GDPR desk', scope: 'gdpr:admin', mode: 'live' } });
    expect(gdpr).toMatchObject({ scopes: ['gdpr:admin'], mode: 'live' });

    const rows = await prisma.auditLog.findMany({ where: { companyId: company.id, eventType: 'ApiKeyMinted' } });
    const ofGdpr = rows.find((r) => (r.eventContext as { apiKeyId: string }).apiKeyId === gdpr.id);
    expect(ofGdpr).toMatchObject({
      actorRole: 'ADMIN',
      actorId: user.id,
      eventChannel: 'Portal',
      eventContext: expect.objectContaining({ scopes: ['gdpr:admin'] }),
    });
    expect(rowsJson(rows)).not.toContain(gdpr.key);
    expect(rowsJson(rows)).not.toContain(gdpr.signingSecret);
  });

  it('refuses gdpr:admin on a sandbox key, a grantable scope and an unknown one (VALIDATION_ERROR naming scope), minting nothing', async () => {
    const { company, ctx } = await portalOperator('ADMIN');
    for (const [scope, mode] of [
      ['gdpr:admin', 'test'],
      ['dpp:read', 'live'],
      ['everything', 'live'],
    ] as const) {
      const error = await refusal(mintAdminKey({ ctx, input: { name: 'x', scope, mode } }));
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.options.details).toMatchObject({ field: 'scope' });
    }
    expect(await prisma.apiKey.count({ where: { companyId: company.id } })).toBe(0);
  });

  it('is for portal administrators only: an API key and the system are refused; the plan quota applies', async () => {
    const { company, ctx } = await portalOperator('ADMIN', { maxApiKeys: 1 });
    const integration: DomainContext = {
      companyId: company.id,
      actor: { role: 'Integration', id: null, channel: 'API' },
      mode: 'LIVE',
    };
    const system: DomainContext = { companyId: company.id, actor: { role: 'System', id: 'cli', channel: 'System' } };
    for (const other of [integration, system]) {
      expect(
        (await refusal(mintAdminKey({ ctx: other, input: { name: 'x', scope: 'keys:admin', mode: 'live' } }))).code,
      ).toBe('FORBIDDEN');
    }
    await mintAdminKey({ ctx, input: { name: 'first', scope: 'keys:admin', mode: 'live' } });
    expect(
      (await refusal(mintAdminKey({ ctx, input: { name: 'second', scope: 'keys:admin', mode: 'live' } }))).code,
    ).toBe('PLAN_LIMIT');
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { createTestCompany } from '../../../testing/factories';
import { disconnectPrisma, prisma } from '../../db/client';
import type { DomainContext } from '../../domain/context';
import type { ServiceError } from '../../errors';
import type { Resolver } from '../url-policy';
import { createWebhookEndpoint } from './create';
import { getWebhookEndpoint } from './list';

afterAll(() => disconnectPrisma());

const ctxOf = (companyId: string, mode: 'LIVE' | 'TEST' = 'LIVE'): DomainContext => ({
  companyId,
  actor: { role: 'Integration', id: null, channel: 'API' },
  mode,
});
const toLoopback: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
const toPublic: Resolver = async () => [{ address: '93.184.216.34', family: 4 }];
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e as ServiceError,
  );

describe('creating a webhook endpoint', () => {
  it('refuses a host name that resolves to loopback, naming url (WEBHOOKS_ALLOW_PRIVATE is off)', async () => {
    const company = await createTestCompany(prisma);
    const error = await refusal(
      createWebhookEndpoint({
        ctx: ctxOf(company.id),
        input: { url: 'https://hooks.example.com/x', eventTypes: ['*'] },
        resolve: toLoopback,
      }),
    );
    expect(error).toMatchObject({
      code: 'VALIDATION_ERROR',
      options: {
        details: { issues: [{ path: 'url', code: 'url_refused', message: expect.stringContaining('loopback') }] },
      },
    });
    expect(await prisma.webhookEndpoint.count({ where: { companyId: company.id } })).toBe(0);
  });

  it('stores the secret encrypted, never in clear, and answers it once', async () => {
    const company = await createTestCompany(prisma);
    const ctx = ctxOf(company.id);
    const created = await createWebhookEndpoint({
      ctx,
      input: { url: 'https://hooks.example.com/x', eventTypes: ['product.created'] },
      resolve: toPublic,
    });
    expect(created.secret).toMatch(/^whsec_/);
    const row = await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.secretEnc).not.toContain(created.secret.slice(6));
    expect(await getWebhookEndpoint({ ctx, id: created.id })).not.toHaveProperty('secret');
  });

  it('answers PLAN_LIMIT at the quota (per mode) and FORBIDDEN_MODULE without the webhooks module', async () => {
    const limited = await createTestCompany(prisma, { maxWebhookEndpoints: 1 });
    const input = { url: 'https://hooks.example.com/x', eventTypes: ['*'] };
    await createWebhookEndpoint({ ctx: ctxOf(limited.id), input, resolve: toPublic });
    expect(await refusal(createWebhookEndpoint({ ctx: ctxOf(limited.id), input, resolve: toPublic }))).toMatchObject({
      code: 'PLAN_LIMIT',
    });
    await expect(
      createWebhookEndpoint({ ctx: ctxOf(limited.id, 'TEST'), input, resolve: toPublic }),
    ).resolves.toMatchObject({ mode: 'test' });

    const without = await createTestCompany(prisma, { modules: ['integration_api'] });
    expect(await refusal(createWebhookEndpoint({ ctx: ctxOf(without.id), input, resolve: toPublic }))).toMatchObject({
      code: 'FORBIDDEN_MODULE',
    });
  });

  it("answers NOT_FOUND for another company's endpoint and for one of the other mode", async () => {
    const owner = await createTestCompany(prisma);
    const other = await createTestCompany(prisma);
    const { id } = await createWebhookEndpoint({
      ctx: ctxOf(owner.id),
      input: { url: 'https://hooks.example.com/x', eventTypes: ['*'] },
      resolve: toPublic,
    });
    expect(await refusal(getWebhookEndpoint({ ctx: ctxOf(other.id), id }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await refusal(getWebhookEndpoint({ ctx: ctxOf(owner.id, 'TEST'), id }))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

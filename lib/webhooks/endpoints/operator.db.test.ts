import { afterAll, describe, expect, it } from 'vitest';
import { portalOperator, refusal } from '../../../testing/domain';
import { disconnectPrisma, prisma } from '../../db/client';
import type { Mode, UserRole } from '../../db/generated/enums';
import type { DomainContext } from '../../domain/context';
import type { Resolver } from '../url-policy';
import { updateWebhookEndpoint } from './change';
import { createWebhookEndpoint } from './create';
import { listWebhookDeliveries, listWebhookEndpoints } from './list';
import { redeliverWebhook } from './redeliver';

afterAll(() => disconnectPrisma());

const toPublic: Resolver = async () => [{ address: '93.184.216.34', family: 4 }];
const input = { url: 'https://hooks.example.com/portal', eventTypes: ['product.created'] };

/** The portal's context for an operator, with the mode the page chose (operators see both modes, one at a time). */
async function operator(role: UserRole = 'ADMIN') {
  const { company, user, ctx } = await portalOperator(role);
  return { company, user, ctx: (mode: Mode): DomainContext => ({ ...ctx, mode }) };
}

describe('webhook endpoints managed by a portal operator', () => {
  it('an ADMIN creates a sandbox endpoint that only the sandbox view lists, pauses it from the portal and redelivers its delivery', async () => {
    const { company, user, ctx } = await operator('ADMIN');
    const created = await createWebhookEndpoint({ ctx: ctx('TEST'), input, resolve: toPublic });
    expect(created).toMatchObject({ mode: 'test', enabled: true });
    expect((await listWebhookEndpoints({ ctx: ctx('TEST'), page: { limit: 10 } })).items.map((e) => e.id)).toEqual([
      created.id,
    ]);
    expect((await listWebhookEndpoints({ ctx: ctx('LIVE'), page: { limit: 10 } })).items).toEqual([]);

    const paused = await updateWebhookEndpoint({ ctx: ctx('TEST'), id: created.id, input: { enabled: false } });
    expect(paused).toMatchObject({ enabled: false, disabledReason: 'Disabled in the portal.' });

    const event = await prisma.webhookEvent.create({
      data: { companyId: company.id, mode: 'TEST', type: 'product.created', payload: {} },
    });
    const delivery = await prisma.webhookDelivery.create({
      data: { endpointId: created.id, eventId: event.id, status: 'FAILED', attemptCount: 8 },
    });
    const queued = await redeliverWebhook({ ctx: ctx('TEST'), id: delivery.id });
    expect(queued).toMatchObject({ id: delivery.id, status: 'PENDING' });
    expect(
      (await listWebhookDeliveries({ ctx: ctx('TEST'), id: created.id, page: { limit: 10 } })).items.map((d) => d.id),
    ).toEqual([delivery.id]);
    const audit = await prisma.auditLog.findFirstOrThrow({
      where: { companyId: company.id, eventType: 'WebhookRedeliveryQueued' },
    });
    expect(audit).toMatchObject({ actorRole: 'ADMIN', actorId: user.id, eventChannel: 'Portal' });
  });

  it('EDITOR and REVIEWER operators are refused (FORBIDDEN) and nothing is created', async () => {
    for (const role of ['EDITOR', 'REVIEWER'] as const) {
      const { company, ctx } = await operator(role);
      expect((await refusal(createWebhookEndpoint({ ctx: ctx('LIVE'), input, resolve: toPublic }))).code).toBe(
        'FORBIDDEN',
      );
      expect((await refusal(listWebhookEndpoints({ ctx: ctx('LIVE'), page: { limit: 10 } }))).code).toBe('FORBIDDEN');
      expect(await prisma.webhookEndpoint.count({ where: { companyId: company.id } })).toBe(0);
    }
  });
});

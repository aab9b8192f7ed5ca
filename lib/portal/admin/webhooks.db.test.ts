import { afterAll, describe, expect, it } from 'vitest';
import { createTestCompany } from '../../../testing/factories';
import { encryptSecret } from '../../crypto/secrets';
import { disconnectPrisma, prisma } from '../../db/client';
import type { DomainContext } from '../../domain/context';
import { endpointModeOrThrow } from './webhooks';

afterAll(() => disconnectPrisma());

const endpointOf = (companyId: string, mode: 'LIVE' | 'TEST') =>
  prisma.webhookEndpoint.create({
    data: {
      companyId,
      mode,
      url: 'https://hooks.example.com/x',
      eventTypes: ['*'],
      secretEnc: encryptSecret('whsec_test'),
    },
  });

describe('endpointModeOrThrow', () => {
  it("answers the mode of the company's own endpoint, and NOT_FOUND for another company's, an unknown or a malformed id", async () => {
    const company = await createTestCompany(prisma);
    const other = await createTestCompany(prisma);
    const ctx: DomainContext = { companyId: company.id, actor: { role: 'ADMIN', id: null, channel: 'Portal' } };
    expect(await endpointModeOrThrow(ctx, (await endpointOf(company.id, 'TEST')).id)).toBe('TEST');
    expect(await endpointModeOrThrow(ctx, (await endpointOf(company.id, 'LIVE')).id)).toBe('LIVE');
    const foreign = await endpointOf(other.id, 'LIVE');
    for (const id of [foreign.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      await expect(endpointModeOrThrow(ctx, id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

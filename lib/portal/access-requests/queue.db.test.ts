import { afterAll, describe, expect, it } from 'vitest';
import { createTestCompany, createTestProduct } from '../../../testing/factories';
import { disconnectPrisma, prisma } from '../../db/client';
import type { PoliRequestStatus } from '../../db/generated/enums';
import type { DomainContext } from '../../domain/context';
import { queueCounts, queueStatus } from './queue';

afterAll(() => disconnectPrisma());

const ctxOf = (companyId: string, role = 'EDITOR'): DomainContext => ({
  companyId,
  actor: { role, id: null, channel: 'Portal' },
});

async function companyWithRequests(statuses: PoliRequestStatus[]) {
  const company = await createTestCompany(prisma);
  const product = await createTestProduct(prisma, { companyId: company.id });
  for (const status of statuses) {
    await prisma.poliRequest.create({
      data: {
        companyId: company.id,
        productId: product.id,
        email: 'r@example.org',
        name: 'R',
        organisation: 'O',
        role: 'NOTIFIED_BODY',
        tier: 'AUTHORITY',
        status,
      },
    });
  }
  return company;
}

describe('queueCounts', () => {
  it("counts the tenant's requests per status, every status listed", async () => {
    const a = await companyWithRequests(['PENDING_REVIEW', 'PENDING_REVIEW', 'APPROVED', 'PENDING_VERIFICATION']);
    await companyWithRequests(['PENDING_REVIEW', 'REJECTED', 'REVOKED']);
    expect(await queueCounts({ ctx: ctxOf(a.id) })).toEqual({
      PENDING_REVIEW: 2,
      APPROVED: 1,
      REJECTED: 0,
      REVOKED: 0,
      PENDING_VERIFICATION: 1,
    });
  });

  it('is refused to an Integration key', async () => {
    const a = await companyWithRequests([]);
    await expect(queueCounts({ ctx: ctxOf(a.id, 'Integration') })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('queueStatus', () => {
  it('defaults to requests awaiting a decision and refuses values that are not statuses', () => {
    expect(queueStatus(undefined)).toBe('PENDING_REVIEW');
    expect(queueStatus('')).toBe('PENDING_REVIEW');
    expect(queueStatus(['REVOKED', 'APPROVED'])).toBe('REVOKED');
    expect(queueStatus('approved')).toBeNull();
  });
});

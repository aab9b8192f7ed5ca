// Shared by the portal passports' database tests: a company with an operator's context, products made to order.
import { randomUUID } from 'node:crypto';
import { prisma } from '../lib/db/client';
import type { UserRole } from '../lib/db/generated/enums';
import type { DomainContext } from '../lib/domain/context';
import { createTestCompany } from './factories';

/** What portalContext() gives an operator of `role` (no mode: operators see live and test data). */
export const operatorCtx = (companyId: string, role: UserRole = 'EDITOR'): DomainContext => ({
  companyId,
  actor: { role, id: randomUUID(), channel: 'Portal' },
});

export async function portalCompany(overrides: Parameters<typeof createTestCompany>[1] = {}) {
  const company = await createTestCompany(prisma, overrides);
  return { company, ctx: operatorCtx(company.id) };
}

/** Sets a product's updatedAt, so ordering tests do not depend on the clock. */
export const setUpdatedAt = (productId: string, at: Date) =>
  prisma.$executeRaw`UPDATE "Product" SET "updatedAt" = ${at} WHERE "id" = ${productId}::uuid`;

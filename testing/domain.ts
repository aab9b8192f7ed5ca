// Shared by the database tests of the domain verbs: the contexts their callers act in (an Integration API key, a
// portal operator with a real user row), the ServiceError a verb refuses with, and a product's audit trail.
import { expect } from 'vitest';
import { prisma } from '../lib/db/client';
import type { Mode, UserRole } from '../lib/db/generated/enums';
import type { DomainContext } from '../lib/domain/context';
import { ServiceError } from '../lib/errors';
import { createTestCompany, createTestOperator } from './factories';
import { refusedWith } from './refusal';

/** What the route wrapper hands a verb for an Integration API key of the company in `mode`. */
export const keyCtx = (companyId: string, mode: Mode = 'LIVE'): DomainContext => ({
  companyId,
  actor: { role: 'Integration', id: null, channel: 'API' },
  mode,
});

/** A company with one operator of `role`, and the context the portal builds for them (no mode: both). */
export async function portalOperator(role: UserRole = 'ADMIN', company: Parameters<typeof createTestCompany>[1] = {}) {
  const row = await createTestCompany(prisma, company);
  const user = await createTestOperator(prisma, { companyId: row.id, role });
  const ctx: DomainContext = { companyId: row.id, actor: { role, id: user.id, channel: 'Portal' } };
  return { company: row, user, ctx };
}

/** The ServiceError a promise rejects with (fails the test when it resolves or throws anything else). */
export const refusal = (promise: Promise<unknown>) => refusedWith(expect, ServiceError, promise);

/** A product's audit trail, oldest first. */
export const auditRows = (productId: string) =>
  prisma.auditLog.findMany({ where: { productId }, orderBy: { createdAt: 'asc' } });

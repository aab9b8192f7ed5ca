// Shared by the portal passports' tests: a company with an operator's context, products and registrations made to
// order.
import { randomUUID } from 'node:crypto';
import { type Db, prisma, type Tx } from '../lib/db/client';
import type { RegistrationStatus, UserRole } from '../lib/db/generated/enums';
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

/**
 * Puts a product's EU registry registration in `status` directly, as the registry worker would leave it: a failed
 * one refused (nothing due until the passport changes), a registered one accepted, a pending one waiting an hour
 * for its next attempt. None is due now, so a running registry worker leaves them as set.
 */
export function setRegistration(
  db: Db | Tx,
  productId: string,
  status: RegistrationStatus,
  { lastError = status === 'REGISTERED' ? null : 'registry unavailable: 503', attempts = 0 } = {},
) {
  const data = {
    status,
    lastError,
    attempts,
    wantedSeq: 1,
    sentSeq: status === 'REGISTERED' ? 1 : 0,
    nextAttemptAt: status === 'PENDING' ? new Date(Date.now() + 3_600_000) : null,
    ...(status === 'REGISTERED'
      ? { registrationId: `reg-${productId.slice(0, 8)}`, registeredVersion: 1, registeredAt: new Date() }
      : {}),
  };
  return db.passportRegistration.upsert({ where: { productId }, create: { productId, ...data }, update: data });
}

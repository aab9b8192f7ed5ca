// Shared by the drafts' database tests: an integration caller's context, a fresh company, a refused promise.
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { prisma } from '../lib/db/client';
import type { Mode } from '../lib/db/generated/enums';
import type { DomainContext } from '../lib/domain/context';
import { ServiceError } from '../lib/errors';
import { CATEGORY_SCHEMAS } from '../lib/schema/categories';
import { exampleFormData } from '../lib/schema/examples';
import { createTestCompany } from './factories';

export const tag = () => randomBytes(5).toString('hex');

/** What the route wrapper hands a verb for an API key of `mode`. */
export const apiCtx = (companyId: string, mode: Mode = 'LIVE'): DomainContext => ({
  companyId,
  actor: { role: 'Integration', id: null, channel: 'API' },
  mode,
});

export const newCompany = (overrides: Parameters<typeof createTestCompany>[1] = {}) =>
  createTestCompany(prisma, overrides);

export const evExamples = () => exampleFormData(CATEGORY_SCHEMAS.EV_BATTERY);

export async function rejection(promise: Promise<unknown>): Promise<ServiceError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ServiceError);
  return err as ServiceError;
}

export const auditRows = (productId: string) =>
  prisma.auditLog.findMany({ where: { productId }, orderBy: { createdAt: 'asc' } });

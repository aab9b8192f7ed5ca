// Shared set-up of the relations' database tests: a company, its drafts, and the contexts its callers act in.
import { expect } from 'vitest';
import { prisma } from '../lib/db/client';
import type { Mode } from '../lib/db/generated/enums';
import type { DomainContext } from '../lib/domain/context';
import { ServiceError } from '../lib/errors';
import { createTestCompany, createTestProduct, type TestProductInput } from './factories';

/** What an Integration API key of the company acts as. */
export const keyCtx = (companyId: string, mode: Mode = 'LIVE'): DomainContext => ({
  companyId,
  actor: { role: 'Integration', id: null, channel: 'API' },
  mode,
});

export async function companyWithDrafts(count: number, input: Omit<TestProductInput, 'companyId'> = {}) {
  const company = await createTestCompany(prisma);
  const products = [];
  for (let i = 0; i < count; i++) products.push(await createTestProduct(prisma, { companyId: company.id, ...input }));
  return { company, products, ctx: keyCtx(company.id) };
}

/** The ServiceError a promise rejects with (fails the test when it resolves or throws anything else). */
export async function refusal(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

export const auditRows = (productId: string) =>
  prisma.auditLog.findMany({ where: { productId }, orderBy: { createdAt: 'asc' } });

// Shared set-up of the relations' database tests: a company with its drafts, and the context its key acts in.
import { prisma } from '../lib/db/client';
import { keyCtx } from './domain';
import { createTestCompany, createTestProduct, type TestProductInput } from './factories';

export async function companyWithDrafts(count: number, input: Omit<TestProductInput, 'companyId'> = {}) {
  const company = await createTestCompany(prisma);
  const products = [];
  for (let i = 0; i < count; i++) products.push(await createTestProduct(prisma, { companyId: company.id, ...input }));
  return { company, products, ctx: keyCtx(company.id) };
}

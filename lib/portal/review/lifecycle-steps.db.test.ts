import { afterAll, describe, expect, it } from 'vitest';
import { createPublishedPassport, createTestCompany, createTestProduct } from '../../../testing/factories';
import { disconnectPrisma, prisma } from '../../db/client';
import type { UserRole } from '../../db/generated/enums';
import type { DomainContext } from '../../domain/context';
import type { ServiceError } from '../../errors';
import { LIFECYCLE_STEPS } from './lifecycle-steps';

afterAll(() => disconnectPrisma());

const as = (companyId: string, role: UserRole): DomainContext => ({
  companyId,
  actor: { role, id: crypto.randomUUID(), channel: 'Portal' },
});

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e as ServiceError,
  );

async function submitted(companyId: string) {
  const published = await createPublishedPassport(prisma, { companyId });
  return prisma.product.update({ where: { id: published.id }, data: { state: 'SUBMITTED', submittedAt: new Date() } });
}

const auditOf = (productId: string) =>
  prisma.auditLog.findMany({ where: { productId }, orderBy: { createdAt: 'asc' } });

describe('lifecycle steps', () => {
  it('change nothing without the confirmation box', async () => {
    const company = await createTestCompany(prisma);
    const p = await submitted(company.id);
    const before = await auditOf(p.id);
    const error = await refusal(LIFECYCLE_STEPS.approve(as(company.id, 'REVIEWER'), p.id, form({})));
    expect([error?.code, error?.message]).toEqual(['VALIDATION_ERROR', 'Tick the confirmation box to go ahead.']);
    expect(await prisma.product.findUniqueOrThrow({ where: { id: p.id } })).toMatchObject({
      state: 'SUBMITTED',
      version: 1,
    });
    expect(await auditOf(p.id)).toEqual(before);
  });

  it("refuse an editor's approval with the verb's message, leaving the passport submitted", async () => {
    const company = await createTestCompany(prisma);
    const p = await submitted(company.id);
    const error = await refusal(LIFECYCLE_STEPS.approve(as(company.id, 'EDITOR'), p.id, form({ confirm: 'yes' })));
    expect([error?.code, error?.message]).toEqual(['FORBIDDEN', 'Your role (EDITOR) cannot approve a passport.']);
    expect((await prisma.product.findUniqueOrThrow({ where: { id: p.id } })).state).toBe('SUBMITTED');
  });

  it('approve publishes the next version and says which; reject stores the reason the API shows', async () => {
    const company = await createTestCompany(prisma);
    const reviewer = as(company.id, 'REVIEWER');
    const revision = await submitted(company.id);
    expect(await LIFECYCLE_STEPS.approve(reviewer, revision.id, form({ confirm: 'yes' }))).toEqual({
      message: 'Published version 2.',
    });
    const last = (await auditOf(revision.id)).at(-1);
    expect(last).toMatchObject({
      eventType: 'Approve',
      actorRole: 'REVIEWER',
      actorId: reviewer.actor.id,
      eventChannel: 'Portal',
    });

    const other = await submitted(company.id);
    const empty = await refusal(LIFECYCLE_STEPS.reject(reviewer, other.id, form({ confirm: 'yes', reason: '  ' })));
    expect([empty?.code, empty?.options.details]).toEqual(['VALIDATION_ERROR', { field: 'reason' }]);
    await LIFECYCLE_STEPS.reject(
      reviewer,
      other.id,
      form({ confirm: 'yes', reason: 'Carbon footprint lacks its study.' }),
    );
    expect(await prisma.product.findUniqueOrThrow({ where: { id: other.id } })).toMatchObject({
      state: 'DRAFT',
      rejectionReason: 'Carbon footprint lacks its study.',
    });
  });

  it('withdraw records the reason, operator details, contact and successor; an over-long text changes nothing', async () => {
    const company = await createTestCompany(prisma);
    const reviewer = as(company.id, 'REVIEWER');
    const p = await createPublishedPassport(prisma, { companyId: company.id });
    const successor = await createPublishedPassport(prisma, { companyId: company.id });
    const long = await refusal(
      LIFECYCLE_STEPS.withdraw(reviewer, p.id, form({ confirm: 'yes', reason: 'x'.repeat(2001) })),
    );
    expect([long?.code, long?.options.details]).toEqual(['VALIDATION_ERROR', { field: 'reason' }]);
    expect((await prisma.product.findUniqueOrThrow({ where: { id: p.id } })).state).toBe('APPROVED');

    const fields = {
      confirm: 'yes',
      reason: 'Recall of lot 7',
      operatorDetails: 'Acme GmbH, Berlin',
      manufacturerContact: 'recall@acme.example',
      successorId: successor.id,
    };
    await LIFECYCLE_STEPS.withdraw(reviewer, p.id, form(fields));
    expect(await prisma.product.findUniqueOrThrow({ where: { id: p.id } })).toMatchObject({
      state: 'WITHDRAWN',
      withdrawalReason: 'Recall of lot 7',
      withdrawalOperatorDetails: 'Acme GmbH, Berlin',
      withdrawalManufacturerContact: 'recall@acme.example',
      successorId: successor.id,
    });
    expect(await LIFECYCLE_STEPS.reinstate(reviewer, p.id, form({ confirm: 'yes' }))).toEqual({
      message: 'Reinstated: version 1 is served again.',
    });
  });

  it("answers NOT_FOUND for another company's passport", async () => {
    const company = await createTestCompany(prisma);
    const foreign = await createTestProduct(prisma, {
      companyId: (await createTestCompany(prisma)).id,
      state: 'SUBMITTED',
    });
    const error = await refusal(LIFECYCLE_STEPS.approve(as(company.id, 'ADMIN'), foreign.id, form({ confirm: 'yes' })));
    expect(error?.code).toBe('NOT_FOUND');
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { createSubmittedBatch, createTestImportJob } from '../../../testing/batch-review';
import { portalOperator, refusal } from '../../../testing/domain';
import { createTestProduct } from '../../../testing/factories';
import { publishImport } from '../../batch-runs/publish-import';
import { rejectImport } from '../../batch-runs/reject-import';
import { disconnectPrisma, prisma } from '../../db/client';
import type { JobLog } from '../../jobs/job';
import { approveProduct } from '../../passport/transitions/approve';
import { rejectProduct } from '../../passport/transitions/reject';
import { submitProduct } from '../../passport/transitions/submit';
import { approveImportBatch } from './approve-batch';
import { rejectImportBatch } from './reject-batch';

afterAll(() => disconnectPrisma());

const warnings: object[] = [];
const log: JobLog = { info: () => {}, warn: (obj) => warnings.push(obj), error: () => {} };

async function batchOf(count: number) {
  const { company, ctx, user } = await portalOperator('REVIEWER');
  const job = await createTestImportJob(company.id);
  const products = await createSubmittedBatch(job, count);
  return { company, ctx, user, job, products };
}

const versionsOf = (productIds: string[]) =>
  prisma.passportVersion.groupBy({ by: ['productId'], where: { productId: { in: productIds } }, _count: true });

describe('approving an import batch', () => {
  it('creates one queued PUBLISH_IMPORT run counting the submitted passports and one audit row for the batch', async () => {
    const { company, ctx, user, job } = await batchOf(3);
    const run = await approveImportBatch({ ctx, input: { importId: job.id } });
    expect(run).toMatchObject({ kind: 'PUBLISH_IMPORT', status: 'QUEUED', subjectId: job.id, total: 3, processed: 0 });
    const audit = await prisma.auditLog.findMany({ where: { companyId: company.id, eventType: 'BatchApprove' } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      productId: null,
      actorRole: 'REVIEWER',
      actorId: user.id,
      eventChannel: 'Portal',
    });
    expect(audit[0].eventContext).toMatchObject({ importId: job.id, batchRunId: run.id, total: 3 });
  });

  it('publishes every submitted passport of the batch through approval, one audit row each, clearing reviewImportId', async () => {
    const { ctx, user, job, products } = await batchOf(4);
    const run = await approveImportBatch({ ctx, input: { importId: job.id } });
    expect(await publishImport(run, { log })).toBe('completed');
    const ids = products.map((p) => p.id);
    const after = await prisma.product.findMany({ where: { id: { in: ids } } });
    for (const p of after) expect(p).toMatchObject({ state: 'APPROVED', version: 1, reviewImportId: null });
    const approvals = await prisma.auditLog.findMany({ where: { productId: { in: ids }, eventType: 'Approve' } });
    expect(approvals).toHaveLength(4);
    for (const a of approvals) expect(a).toMatchObject({ actorRole: 'REVIEWER', actorId: user.id });
    expect(await prisma.batchRun.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({
      status: 'COMPLETED',
      processed: 4,
      failed: 0,
    });
  });

  it('is resumable: a run stopped after k passports continues where it stopped, each published exactly once', async () => {
    const { ctx, job, products } = await batchOf(5);
    const run = await approveImportBatch({ ctx, input: { importId: job.id } });
    let decided = 0;
    expect(await publishImport(run, { log, shouldStop: () => decided++ >= 2 })).toBe('stopped');
    const halfway = await prisma.batchRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(halfway).toMatchObject({ status: 'RUNNING', processed: 2 });
    expect(await publishImport(halfway, { log })).toBe('completed');
    const versions = await versionsOf(products.map((p) => p.id));
    expect(versions).toHaveLength(5);
    for (const v of versions) expect(v._count).toBe(1);
    expect(await prisma.batchRun.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({ processed: 5 });
    expect(await publishImport(halfway, { log })).toBe('not-runnable');
  });

  it('counts a passport the approval refuses as failed, keeps the refusal and goes on with the rest', async () => {
    const { ctx, job, products } = await batchOf(3);
    const run = await approveImportBatch({ ctx, input: { importId: job.id } });
    // A passport whose category's schema version does not exist cannot be snapshotted.
    await prisma.product.update({ where: { id: products[1].id }, data: { schemaVersion: 999 } });
    warnings.length = 0;
    expect(await publishImport(run, { log })).toBe('completed');
    expect(await prisma.batchRun.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({
      processed: 3,
      failed: 1,
    });
    const failed = await prisma.product.findUniqueOrThrow({ where: { id: products[1].id } });
    expect(failed).toMatchObject({ state: 'SUBMITTED', reviewImportId: null });
    const record = await prisma.auditLog.findFirstOrThrow({
      where: { productId: failed.id, eventType: 'BatchApproveFailed' },
    });
    expect(record.eventContext).toMatchObject({ batchRunId: run.id, message: expect.any(String) });
    expect(warnings).toHaveLength(1);
    for (const p of [products[0], products[2]])
      expect((await prisma.product.findUniqueOrThrow({ where: { id: p.id } })).state).toBe('APPROVED');
  });
});

describe('an item of an unpublished model in the batch', () => {
  it('fails alone with the refusal kept, and leaves the batch to wait in the queue on its own', async () => {
    const { company, ctx, job, products } = await batchOf(2);
    const model = await createTestProduct(prisma, { companyId: company.id });
    await prisma.product.update({ where: { id: model.id }, data: { kind: 'MODEL' } });
    await prisma.product.update({ where: { id: products[0].id }, data: { kind: 'ITEM', modelId: model.id } });
    const run = await approveImportBatch({ ctx, input: { importId: job.id } });
    expect(await publishImport(run, { log })).toBe('completed');
    expect(await prisma.batchRun.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({
      processed: 2,
      failed: 1,
    });
    const item = await prisma.product.findUniqueOrThrow({ where: { id: products[0].id } });
    expect(item).toMatchObject({ state: 'SUBMITTED', reviewImportId: null });
    const record = await prisma.auditLog.findFirstOrThrow({
      where: { productId: item.id, eventType: 'BatchApproveFailed' },
    });
    expect(record.eventContext).toMatchObject({ importId: job.id, code: expect.any(String) });
    expect((await prisma.product.findUniqueOrThrow({ where: { id: products[1].id } })).state).toBe('APPROVED');
  });
});

describe('rejecting an import batch', () => {
  it('sends every passport back to draft with the batch reason, one Reject audit row each', async () => {
    const { company, ctx, job, products } = await batchOf(3);
    const run = await rejectImportBatch({ ctx, input: { importId: job.id, reason: '  Wrong cell chemistry  ' } });
    expect(run).toMatchObject({ kind: 'REJECT_IMPORT', reason: 'Wrong cell chemistry', total: 3 });
    expect(await rejectImport(run, { log })).toBe('completed');
    const ids = products.map((p) => p.id);
    for (const p of await prisma.product.findMany({ where: { id: { in: ids } } }))
      expect(p).toMatchObject({ state: 'DRAFT', rejectionReason: 'Wrong cell chemistry', reviewImportId: null });
    expect(await prisma.auditLog.count({ where: { productId: { in: ids }, eventType: 'Reject' } })).toBe(3);
    expect(await prisma.auditLog.count({ where: { companyId: company.id, eventType: 'BatchReject' } })).toBe(1);
  });

  it('needs a reason', async () => {
    const { ctx, job } = await batchOf(1);
    const err = await refusal(rejectImportBatch({ ctx, input: { importId: job.id, reason: ' ' } }));
    expect(err.code).toBe('VALIDATION_ERROR');
  });
});

describe('a single decision on a passport of a batch', () => {
  it('takes it out of the batch: approval and rejection clear reviewImportId', async () => {
    const { ctx, products } = await batchOf(2);
    await approveProduct({ ctx, input: { productId: products[0].id } });
    await rejectProduct({ ctx, input: { productId: products[1].id, reason: 'Check the mass' } });
    for (const p of products)
      expect((await prisma.product.findUniqueOrThrow({ where: { id: p.id } })).reviewImportId).toBeNull();
  });

  it('a later submission on its own leaves the batch: a draft still naming the import is submitted without it', async () => {
    const { ctx, job, products } = await batchOf(1);
    await prisma.product.update({ where: { id: products[0].id }, data: { state: 'DRAFT' } });
    await submitProduct({
      ctx: { ...ctx, actor: { ...ctx.actor, role: 'ADMIN' } },
      input: { productId: products[0].id },
    });
    const row = await prisma.product.findUniqueOrThrow({ where: { id: products[0].id } });
    expect([row.state, row.reviewImportId]).toEqual(['SUBMITTED', null]);
    expect(job.id).toBeTruthy();
  });
});

describe('batch decisions are refused', () => {
  it('to an editor (FORBIDDEN), and nothing is created', async () => {
    const { company, ctx: editor } = await portalOperator('EDITOR');
    const job = await createTestImportJob(company.id);
    await createSubmittedBatch(job, 1);
    expect((await refusal(approveImportBatch({ ctx: editor, input: { importId: job.id } }))).code).toBe('FORBIDDEN');
    expect((await refusal(rejectImportBatch({ ctx: editor, input: { importId: job.id, reason: 'x' } }))).code).toBe(
      'FORBIDDEN',
    );
    expect(await prisma.batchRun.count({ where: { subjectId: job.id } })).toBe(0);
  });

  it("on another tenant's import with 404 NOT_FOUND", async () => {
    const { job } = await batchOf(1);
    const { ctx: outsider } = await portalOperator('REVIEWER');
    expect((await refusal(approveImportBatch({ ctx: outsider, input: { importId: job.id } }))).code).toBe('NOT_FOUND');
    expect(await prisma.batchRun.count({ where: { subjectId: job.id } })).toBe(0);
  });

  it('with 409 INVALID_STATE when nothing of the import awaits review', async () => {
    const { company, ctx } = await portalOperator('REVIEWER');
    const job = await createTestImportJob(company.id);
    const err = await refusal(approveImportBatch({ ctx, input: { importId: job.id } }));
    expect(err.code).toBe('INVALID_STATE');
    expect(err.options.reason).toBe('NOTHING_SUBMITTED');
  });

  it('with 409 INVALID_STATE while the import is still submitting its drafts into the batch', async () => {
    const { ctx, job } = await batchOf(1);
    await prisma.importJob.update({ where: { id: job.id }, data: { submittedAt: new Date() } });
    const err = await refusal(approveImportBatch({ ctx, input: { importId: job.id } }));
    expect(err.code).toBe('INVALID_STATE');
    expect(err.options.reason).toBe('SUBMISSION_RUNNING');
    await prisma.importJob.update({ where: { id: job.id }, data: { submitFinishedAt: new Date() } });
    expect(await approveImportBatch({ ctx, input: { importId: job.id } })).toMatchObject({ total: 1 });
  });

  it('with 409 INVALID_STATE while a run for the batch is queued', async () => {
    const { ctx, job } = await batchOf(2);
    await approveImportBatch({ ctx, input: { importId: job.id } });
    const err = await refusal(rejectImportBatch({ ctx, input: { importId: job.id, reason: 'no' } }));
    expect(err.code).toBe('INVALID_STATE');
    expect(err.options.reason).toBe('BATCH_RUNNING');
    expect(await prisma.batchRun.count({ where: { subjectId: job.id } })).toBe(1);
  });
});

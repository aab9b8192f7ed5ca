import { afterAll, describe, expect, it } from 'vitest';
import { createSubmittedBatch, createTestImportJob } from '../../../testing/batch-review';
import { portalOperator } from '../../../testing/domain';
import { createTestProduct } from '../../../testing/factories';
import { publishImport } from '../../batch-runs/publish-import';
import { disconnectPrisma, prisma } from '../../db/client';
import { approveImportBatch } from '../../imports/batch/approve-batch';
import { CATEGORY_SCHEMAS } from '../../schema/categories';
import { exampleFormData } from '../../schema/examples';
import { listReviewBatches } from './batches';
import { listReviewQueue } from './queue';

afterAll(() => disconnectPrisma());

const log = { info: () => {}, warn: () => {}, error: () => {} };
const schema = CATEGORY_SCHEMAS.EV_BATTERY;
const mandated = schema.fields.filter((f) => f.mandated).map((f) => f.id);

describe('the review queue groups an import into one batch', () => {
  it('one batch per import with its count, a sample of five and the readiness failures grouped by field', async () => {
    const { company, ctx } = await portalOperator('REVIEWER');
    const job = await createTestImportJob(company.id, { fileName: 'week-48.csv' });
    const [first, second] = mandated;
    // Seven passports: three lack the first mandated field, one of those also the second.
    await createSubmittedBatch(job, 7, (i) => {
      const data: Record<string, unknown> = { ...exampleFormData(schema) };
      if (i < 3) delete data[first];
      if (i === 0) delete data[second];
      return data;
    });
    const single = await createTestProduct(prisma, { companyId: company.id, state: 'SUBMITTED' });

    const batches = await listReviewBatches({ ctx });
    expect(batches).toHaveLength(1);
    const [batch] = batches;
    expect(batch).toMatchObject({ importId: job.id, fileName: 'week-48.csv', submitted: 7, checked: 7, run: null });
    expect(batch.sample).toHaveLength(5);
    expect(batch.failures.find((f) => f.fieldId === first)).toMatchObject({ missing: 3 });
    expect(batch.failures.find((f) => f.fieldId === second)).toMatchObject({ missing: 1 });
    expect(batch.failures[0].fieldId).toBe(first);

    // The single queue keeps the passport submitted on its own, and none of the batch's.
    const queue = await listReviewQueue({ ctx });
    expect(queue.items.map((i) => i.id)).toEqual([single.id]);
  });

  it("shows the batch's run with its progress while it goes and after it ends, and never another tenant's", async () => {
    const { company, ctx } = await portalOperator('REVIEWER');
    const { ctx: outsider } = await portalOperator('REVIEWER');
    const job = await createTestImportJob(company.id);
    await createSubmittedBatch(job, 2);
    const run = await approveImportBatch({ ctx, input: { importId: job.id } });
    let [batch] = await listReviewBatches({ ctx });
    expect(batch.run).toMatchObject({ id: run.id, status: 'QUEUED', total: 2, processed: 0 });
    expect(batch).toMatchObject({ submitted: 2, checked: 0, sample: [] }); // decided: not inspected again
    await publishImport(run, { log });
    [batch] = await listReviewBatches({ ctx });
    expect(batch).toMatchObject({ submitted: 0, run: { status: 'COMPLETED', processed: 2, total: 2 } });
    const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
    expect(await listReviewBatches({ ctx, now: later })).toEqual([]);
    expect(await listReviewBatches({ ctx: outsider })).toEqual([]);
  });
});

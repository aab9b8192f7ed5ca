import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSubmittedBatch, createTestImportJob } from '../../testing/batch-review';
import { portalOperator } from '../../testing/domain';
import { recordingLog } from '../../testing/jobs';
import { eventually } from '../../testing/poll';
import { disconnectPrisma, prisma } from '../db/client';
import { approveImportBatch } from '../imports/batch/approve-batch';
import { rejectImportBatch } from '../imports/batch/reject-batch';
import { startJobs, stopJobs } from '../jobs/runner';
import { batchRunsJob } from './job';

// Only runs this test sends: without its cron and launch sweep the worker leaves other tests' runs alone.
const sentOnly = { ...batchRunsJob, cron: undefined, startAtLaunch: false };

beforeAll(async () => {
  await startJobs({ connectionString: process.env.DATABASE_URL!, log: recordingLog().log, jobs: [sentOnly] });
});
afterAll(async () => {
  await stopJobs();
  await disconnectPrisma();
});

const finished = (id: string) =>
  eventually(
    async () => {
      const run = await prisma.batchRun.findUniqueOrThrow({ where: { id } });
      return run.status === 'COMPLETED' ? run : undefined;
    },
    { what: `batch run ${id} to complete` },
  );

describe('the batch-runs job', () => {
  it('works a batch decision sent after its commit: approval publishes, rejection sends back to draft', async () => {
    const { company, ctx } = await portalOperator('REVIEWER');
    const toPublish = await createTestImportJob(company.id);
    const toReject = await createTestImportJob(company.id);
    const published = await createSubmittedBatch(toPublish, 2);
    const rejected = await createSubmittedBatch(toReject, 2);
    const approval = await approveImportBatch({ ctx, input: { importId: toPublish.id } });
    const rejection = await rejectImportBatch({ ctx, input: { importId: toReject.id, reason: 'Wrong plant' } });
    expect(await finished(approval.id)).toMatchObject({ processed: 2, failed: 0 });
    expect(await finished(rejection.id)).toMatchObject({ processed: 2, failed: 0 });
    const states = await prisma.product.findMany({
      where: { id: { in: [...published, ...rejected].map((p) => p.id) } },
      select: { id: true, state: true },
    });
    const stateOf = new Map(states.map((s) => [s.id, s.state]));
    for (const p of published) expect(stateOf.get(p.id)).toBe('APPROVED');
    for (const p of rejected) expect(stateOf.get(p.id)).toBe('DRAFT');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyCtx } from '../../testing/domain';
import { newCompany } from '../../testing/drafts';
import { TEST_ACTOR } from '../../testing/factories';
import { recordingLog } from '../../testing/jobs';
import { itemDraft, latestSnapshot, modelDraft, publish } from '../../testing/models';
import { eventually } from '../../testing/poll';
import { disconnectPrisma, prisma } from '../db/client';
import type { DomainContext } from '../domain/context';
import { startJobs, stopJobs } from '../jobs/runner';
import { putFormData } from '../passport/drafts/put-form-data';
import { startRevision } from '../passport/lifecycle';
import { modelFamilyOf } from '../passport/models/family';
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

const system = (companyId: string): DomainContext => ({ companyId, actor: TEST_ACTOR, mode: 'LIVE' });

describe('the batch-runs job with REPUBLISH_ITEMS', () => {
  it("re-publishes a model's published items after the approval of its new version, with the progress on the model", async () => {
    const c = await newCompany();
    const model = await modelDraft(keyCtx(c.id));
    await publish(system(c.id), model.id);
    const items = [await itemDraft(keyCtx(c.id), model.id), await itemDraft(keyCtx(c.id), model.id)];
    for (const item of items) await publish(system(c.id), item.id);
    await startRevision({ ctx: system(c.id), input: { productId: model.id } });
    await putFormData({ ctx: keyCtx(c.id), input: { productId: model.id, formData: { warranty_period_months: 48 } } });
    // The approval sends the run to this process's runner after its commit.
    await publish(system(c.id), model.id);
    const row = await prisma.product.findUniqueOrThrow({ where: { id: model.id } });
    const done = await eventually(
      async () => {
        const family = await modelFamilyOf(prisma, row);
        return family.republication?.status === 'COMPLETED' ? family : undefined;
      },
      { what: 'the re-publication to complete' },
    );
    expect(done).toMatchObject({
      kind: 'MODEL',
      itemCount: 2,
      republication: { status: 'COMPLETED', total: 2, processed: 2, failed: 0, modelVersion: 2 },
    });
    for (const item of items) {
      const snapshot = await latestSnapshot(item.id);
      expect(snapshot).toMatchObject({ version: 2, model: { id: model.id, version: 2 } });
      expect(snapshot.fields.warranty_period_months).toBe(48);
      expect(
        await modelFamilyOf(prisma, await prisma.product.findUniqueOrThrow({ where: { id: item.id } })),
      ).toMatchObject({
        kind: 'ITEM',
        model: { id: model.id, name: model.name, modelVersion: 2 },
      });
    }
  });
});

import { prisma } from '../db/client';
import { BATCH_RUNS_JOB } from '../imports/batch/start-batch';
import type { JobLog } from '../jobs/job';
import { defineJob } from '../jobs/job';
import { jobsRunning } from '../jobs/runner';
import { BATCH_RUN_HANDLERS } from './handlers';

export interface BatchRunJobData {
  id?: string;
}

const SWEEP_LIMIT = 20;

async function workRun(id: string, log: JobLog) {
  const run = await prisma.batchRun.findUnique({ where: { id } });
  // Sent right after the commit that created it, so a run not found yet is retried by pg-boss.
  if (!run) throw new Error(`Batch run ${id} is not (yet) in the database.`);
  const handler = BATCH_RUN_HANDLERS[run.kind];
  if (!handler) {
    log.warn({ batchRunId: id, kind: run.kind }, 'no handler for this kind of batch run');
    return { id, outcome: 'no-handler' };
  }
  const outcome = await handler(run, { log, shouldStop: () => !jobsRunning() });
  return { id, kind: run.kind, outcome };
}

/**
 * The batch-run worker: a job per run (sent after the commit that queued it) works that run; the cron sweep every
 * minute, and one at launch, takes up runs left queued or running (a lost send, a worker that died). Two workers on
 * one run are safe: each passport is decided once, under its row lock, and counted by whoever decided it.
 */
export const batchRunsJob = defineJob<BatchRunJobData>({
  name: BATCH_RUNS_JOB,
  cron: '* * * * *',
  startAtLaunch: true,
  queue: { retryLimit: 5, retryDelay: 2, expireInSeconds: 4 * 3600 },
  async handler(data, { log }) {
    if (data.id) return workRun(data.id, log);
    const open = await prisma.batchRun.findMany({
      where: { status: { in: ['QUEUED', 'RUNNING'] } },
      orderBy: { createdAt: 'asc' },
      select: { id: true },
      take: SWEEP_LIMIT,
    });
    for (const { id } of open) {
      if (!jobsRunning()) break;
      await workRun(id, log);
    }
    return { swept: open.length };
  },
});

import { prisma } from '../db/client';
import { defineJob } from '../jobs/job';
import { jobsRunning } from '../jobs/runner';
import { processImport } from './process';
import { submitImportDrafts } from './submit-drafts';
import { IMPORTS_QUEUE } from './submit-import';

export interface ImportJobData {
  importId?: string;
  action?: 'process' | 'submit';
}

const SWEEP_LIMIT = 20;

/** Work one import (or its submission); a row not committed yet (the upload's transaction) is retried by pg-boss. */
async function workOne(importId: string, action: 'process' | 'submit') {
  const shouldStop = () => !jobsRunning();
  const outcome =
    action === 'submit' ? await submitImportDrafts(importId) : (await processImport(importId, { shouldStop })).outcome;
  if (outcome === 'missing') throw new Error(`Import ${importId} is not (yet) in the database.`);
  return { importId, action, outcome };
}

/** Imports left queued or running (their worker died, or the send after upload was lost), and unfinished submissions. */
async function sweep() {
  const shouldStop = () => !jobsRunning();
  const open = await prisma.importJob.findMany({
    where: { status: { in: ['QUEUED', 'RUNNING'] } },
    orderBy: { createdAt: 'asc' },
    select: { id: true },
    take: SWEEP_LIMIT,
  });
  const submitting = await prisma.importJob.findMany({
    where: { status: 'COMPLETED', submittedAt: { not: null }, submitFinishedAt: null },
    orderBy: { createdAt: 'asc' },
    select: { id: true },
    take: SWEEP_LIMIT,
  });
  let worked = 0;
  for (const { id } of open) {
    if (shouldStop()) break;
    if ((await processImport(id, { shouldStop })).outcome === 'finished') worked++;
  }
  for (const { id } of submitting) {
    if (shouldStop()) break;
    if ((await submitImportDrafts(id)) === 'finished') worked++;
  }
  return { swept: open.length + submitting.length, worked };
}

/**
 * The import worker: a job per upload (and per submission) works that import; the cron sweep every minute, and one
 * at launch, takes up imports whose worker died (the advisory lock keeps a second worker off a running import).
 */
export const importsJob = defineJob<ImportJobData>({
  name: IMPORTS_QUEUE,
  cron: '* * * * *',
  startAtLaunch: true,
  queue: { retryLimit: 5, retryDelay: 2, expireInSeconds: 4 * 3600 },
  async handler(data) {
    if (data.importId) return workOne(data.importId, data.action ?? 'process');
    return sweep();
  },
});

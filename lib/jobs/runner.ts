import pg from 'pg';
import PgBoss from 'pg-boss';
import { describeDatabaseFailure, isDatabaseUnavailable } from '../db/unavailable';
import { everyMs } from '../log';
import type { AnyJob, JobLog } from './job';

/** pg-boss keeps its tables in a schema of its own, so the service's public schema (and its drift test) never sees them. */
export const JOBS_SCHEMA = 'pgboss';
export const JOBS_APPLICATION_NAME = 'battery-passport-jobs';
const POOL_SIZE = 4;
const STOP_TIMEOUT_MS = 10_000;

export interface StartJobsOptions {
  connectionString: string;
  log: JobLog;
  /** The table of jobs to run: the service's own (lib/server/jobs.ts) or a test's. */
  jobs: readonly AnyJob[];
}

export interface JobRunner {
  boss: PgBoss;
  jobs: readonly AnyJob[];
}

interface Running {
  runner: JobRunner;
  pool: pg.Pool;
}

// On globalThis: the launcher starts the runner, and the route handlers (separate bundles of the same process) send
// jobs to it through sendJob.
const RUNNER = Symbol.for('battery-passport-service.job-runner');
const holder = globalThis as { [RUNNER]?: Promise<Running> | null };
const current = (): Promise<Running> | null => holder[RUNNER] ?? null;

/** Whether this process's runner is started and not stopped: long-running job handlers end early once it stops. */
export const jobsRunning = (): boolean => current() !== null;

/**
 * Starts pg-boss on the service's database (installing or migrating its schema), creates a queue per job,
 * schedules the cron jobs and starts a worker for each. One runner per process: a second call returns the first.
 */
export async function startJobs(options: StartJobsOptions): Promise<JobRunner> {
  holder[RUNNER] ??= launch(options).catch((error: unknown) => {
    holder[RUNNER] = null;
    throw error;
  });
  return (await holder[RUNNER]).runner;
}

/**
 * Asks this process's runner to work `name` now, typically right after the commit that queued the work (an import,
 * a batch run). Returns false without sending when no runner is started in this process or the send fails: work
 * queued in the database is never lost that way, because each such job also sweeps its table on its cron and at
 * launch. Only jobs of the table the runner was started with can be sent.
 */
export async function sendJob(name: string, data: object, options: PgBoss.SendOptions = {}): Promise<boolean> {
  const started = await current()?.catch(() => null);
  if (!started?.runner.jobs.some((job) => job.name === name)) return false;
  try {
    return (await started.runner.boss.send(name, data, options)) !== null;
  } catch {
    return false;
  }
}

/** Stops the workers (waiting up to 10 s for jobs in progress), the scheduler and the pool. Safe to call twice. */
export async function stopJobs(): Promise<void> {
  const stopping = current();
  holder[RUNNER] = null;
  const started = await stopping?.catch(() => null);
  if (!started) return;
  try {
    await started.runner.boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS, wait: true });
  } finally {
    await started.pool.end();
  }
}

async function launch({ connectionString, log, jobs }: StartJobsOptions): Promise<Running> {
  // Our own pool, so a failed start can be closed too (pg-boss closes only pools it opened and started).
  const pool = new pg.Pool({
    connectionString,
    max: POOL_SIZE,
    application_name: JOBS_APPLICATION_NAME,
    connectionTimeoutMillis: 5_000,
  });
  const boss = new PgBoss({ db: { executeSql: (text, values) => pool.query(text, values) }, schema: JOBS_SCHEMA });
  // An 'error' event without a listener would end the process; a lost database is reported here and retried.
  pool.on('error', jobErrorReporter(log, 'background jobs: idle database connection lost'));
  boss.on('error', jobErrorReporter(log, 'background jobs: pg-boss error'));
  try {
    await boss.start();
    await registerJobs(boss, jobs, log);
  } catch (error) {
    await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
    await pool.end().catch(() => undefined);
    throw error;
  }
  log.info({ jobs: jobs.map((j) => j.name) }, 'background jobs started');
  return { runner: { boss, jobs }, pool };
}

/**
 * Reports pg-boss's and its pool's errors. While the database is away every worker's poll fails every 2 s: that is
 * one warning line per 30 s, without a stack; any other error is logged in full.
 */
export function jobErrorReporter(log: JobLog, what: string, warnNow = everyMs(30_000)): (err: unknown) => void {
  return (err) => {
    // A worker's error is a copy of the original with " (Queue: …, Worker: …)" added to its message.
    const original =
      typeof err === 'object' && err !== null
        ? { ...err, message: String((err as { message?: unknown }).message ?? '').replace(/ \(Queue: [^)]*\)$/, '') }
        : err;
    if (isDatabaseUnavailable(err) || isDatabaseUnavailable(original)) {
      if (warnNow()) log.warn({ database: describeDatabaseFailure(original) }, `${what}: database unavailable`);
      return;
    }
    log.error({ err }, what);
  };
}

async function registerJobs(boss: PgBoss, jobs: readonly AnyJob[], log: JobLog): Promise<void> {
  for (const job of jobs) {
    // createQueue leaves an existing queue alone; updateQueue makes this table the source of its options.
    const queue = { ...job.queue, name: job.name };
    await boss.createQueue(job.name, queue);
    await boss.updateQueue(job.name, queue);
    if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    await boss.work(job.name, async (batch) => {
      const outputs = [];
      for (const { id, data } of batch) outputs.push(await runOne(job, id, data as object, log));
      // With a batch of one (the default) pg-boss records this as the job's output.
      return outputs.length === 1 ? outputs[0] : undefined;
    });
  }
  // A job removed from the table (or its cron) must not keep being sent by a schedule nobody works.
  const known = new Set(jobs.filter((j) => j.cron).map((j) => j.name));
  for (const schedule of await boss.getSchedules()) if (!known.has(schedule.name)) await boss.unschedule(schedule.name);
  // A short or stately queue keeps one waiting job at most: on a busy queue (another instance's) this send adds nothing.
  for (const job of jobs) if (job.startAtLaunch) await boss.send(job.name, {});
}

async function runOne(job: AnyJob, jobId: string, data: object, log: JobLog): Promise<Record<string, unknown>> {
  const started = Date.now();
  try {
    const output = (await job.handler(data, { jobId, log })) ?? {};
    log.info({ job: job.name, jobId, ms: Date.now() - started }, 'background job done');
    return output;
  } catch (err) {
    // Rethrown so pg-boss marks the attempt failed and retries it per the queue's options.
    log.error({ job: job.name, jobId, err }, 'background job failed');
    throw err;
  }
}

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyWithIdempotencyRecords, recordingLog, remainingIdempotencyKeys } from '../../testing/jobs';
import { eventually } from '../../testing/poll';
import { disconnectPrisma } from '../db/client';
import { JOBS } from '../server/jobs';
import { defineJob } from './job';
import { JOBS_APPLICATION_NAME, JOBS_SCHEMA, type JobRunner, sendJob, startJobs, stopJobs } from './runner';

const connectionString = () => process.env.DATABASE_URL!;

// The outbox workers of the table (webhook deliveries, email, imports, batch runs) would work every due row in this
// shared database, racing their own tests; the runner's behaviour is the same with the housekeeping job alone.
const jobs = JOBS.filter((job) => job.name === 'idempotency-retention');

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: connectionString() });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const jobConnections = async () =>
  Number(
    (
      await query<{ n: string }>(
        `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1`,
        [JOBS_APPLICATION_NAME],
      )
    )[0].n,
  );

afterAll(async () => {
  await stopJobs();
  await disconnectPrisma();
});

describe('a started job runner', () => {
  let runner: JobRunner;
  const { log } = recordingLog();

  beforeAll(async () => {
    runner = await startJobs({ connectionString: connectionString(), log, jobs });
  });

  afterAll(() => stopJobs());

  it('creates a queue for every job in the table and schedules idempotency-retention hourly in UTC', async () => {
    for (const job of jobs) expect(await runner.boss.getQueue(job.name), job.name).not.toBeNull();
    const schedules = await runner.boss.getSchedules();
    expect(schedules).toContainEqual(
      expect.objectContaining({ name: 'idempotency-retention', cron: '0 * * * *', timezone: 'UTC' }),
    );
  });

  it("keeps pg-boss's tables in their own schema: nothing of it lands in the service's public schema", async () => {
    const tables = await query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables WHERE table_name IN ('job', 'queue', 'schedule', 'version', 'archive', 'subscription')`,
    );
    expect(tables.length).toBeGreaterThan(0);
    expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([JOBS_SCHEMA]));
  });

  it('works a sent idempotency-retention job to completion: the expired records are gone, the fresh one stays', async () => {
    const apiKeyId = await keyWithIdempotencyRecords();
    const id = (await runner.boss.send('idempotency-retention', {}))!;
    expect(id).toBeTruthy();

    const job = await eventually(
      async () => {
        const found = await runner.boss.getJobById<object>('idempotency-retention', id);
        return found && (found.state === 'completed' || found.state === 'failed') ? found : undefined;
      },
      { what: 'the retention job to finish' },
    );

    expect(job.state).toBe('completed');
    expect(job.output).toEqual({ purged: expect.any(Number), signatures: expect.any(Number) });
    expect(await remainingIdempotencyKeys(apiKeyId)).toEqual(['fresh']);
  });

  it('is one runner per process: starting again returns the running one', async () => {
    expect(await startJobs({ connectionString: connectionString(), log, jobs })).toBe(runner);
  });
});

describe('starting and stopping', () => {
  it('stops cleanly: pg-boss reports stopped, its connections close, and a second stop does nothing', async () => {
    const { log } = recordingLog();
    const runner = await startJobs({ connectionString: connectionString(), log, jobs });
    expect(await jobConnections()).toBeGreaterThan(0);
    const stopped = new Promise<void>((resolve) => runner.boss.once('stopped', () => resolve()));

    await stopJobs();

    await stopped;
    await eventually(async () => ((await jobConnections()) === 0 ? true : undefined), {
      timeoutMs: 10_000,
      what: 'the job connections to close',
    });
    await expect(stopJobs()).resolves.toBeUndefined();
  });

  it('sends a startAtLaunch job once at start, so it runs at once rather than at its first cron slot', async () => {
    const { log } = recordingLog();
    await stopJobs();
    const runs: string[] = [];
    const launched = defineJob({
      name: `launch-test-${Date.now().toString(36)}`,
      cron: '0 0 1 1 *',
      startAtLaunch: true,
      queue: { policy: 'stately', retryLimit: 0 },
      async handler(_data, { jobId }) {
        runs.push(jobId);
      },
    });
    const runner = await startJobs({ connectionString: connectionString(), log, jobs: [...jobs, launched] });
    await eventually(async () => (runs.length > 0 ? true : undefined), {
      timeoutMs: 20_000,
      what: 'the job sent at start to run',
    });
    expect(runs).toHaveLength(1);
    await runner.boss.unschedule(launched.name);
    await stopJobs();
  });

  it('sendJob works a job of the running table now, and sends nothing for an unknown job or without a runner', async () => {
    const { log } = recordingLog();
    await stopJobs();
    const received: unknown[] = [];
    const sent = defineJob<{ n: number }>({
      name: `send-test-${Date.now().toString(36)}`,
      queue: { retryLimit: 0 },
      async handler(data) {
        received.push(data);
      },
    });
    expect(await sendJob(sent.name, { n: 0 })).toBe(false);
    await startJobs({ connectionString: connectionString(), log, jobs: [...jobs, sent] });
    expect(await sendJob('no-such-job', { n: 1 })).toBe(false);
    expect(await sendJob(sent.name, { n: 2 })).toBe(true);
    await eventually(async () => (received.length > 0 ? true : undefined), { what: 'the sent job to run' });
    expect(received).toEqual([{ n: 2 }]);
    await stopJobs();
    expect(await sendJob(sent.name, { n: 3 })).toBe(false);
  });

  it('rejects a start on an unreachable database, leaves nothing running, and can start again afterwards', async () => {
    const { log } = recordingLog();
    await stopJobs();
    await expect(
      startJobs({ connectionString: 'postgresql://nobody:nothing@127.0.0.1:1/none', log, jobs }),
    ).rejects.toThrow();

    const runner = await startJobs({ connectionString: connectionString(), log, jobs });
    expect(await runner.boss.getQueue('idempotency-retention')).not.toBeNull();
    await stopJobs();
  });
});

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCompany, createTestProduct } from '../../testing/factories';
import { dashboardMetricNames, scrapedNames } from '../../testing/metrics';
import { resetConfigForTests } from '../config';
import { disconnectPrisma, prisma } from '../db/client';
import { metricsResponse } from '../http/metrics';
import { type JobRunner, startJobs, stopJobs } from '../jobs/runner';
import { registerServiceMetrics } from './metrics';

const TOKEN = 'metrics-db-test-token-0123456789';
const silent = { info() {}, warn() {}, error() {} };

async function scrape(): Promise<string> {
  const res = await metricsResponse(
    new Request('http://svc/api/metrics', { headers: { authorization: `Bearer ${TOKEN}` } }),
    { token: TOKEN, requestId: 'req-db', beforeScrape: registerServiceMetrics },
  );
  expect(res.status).toBe(200);
  return res.text();
}

/** The value of one series of a scrape, or undefined when the scrape has no such series. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

// This database is shared with other test files: the assertions hold whatever their rows add (the backlog counts
// at least this file's rows, the oldest item is at least as old as this file's), and the queue is this file's own.
describe('the service gauges of GET /api/metrics', () => {
  const queue = `metrics-test-${randomBytes(4).toString('hex')}`;
  let runner: JobRunner;

  beforeAll(async () => {
    // A queue no worker of the table takes: one job waits (made an hour old), one has failed for good.
    runner = await startJobs({ connectionString: process.env.DATABASE_URL!, log: silent, jobs: [] });
    await runner.boss.createQueue(queue, { name: queue, retryLimit: 0 });
    await runner.boss.send(queue, { n: 1 });
    await runner.boss.send(queue, { n: 2 });
    const [taken] = await runner.boss.fetch(queue);
    await runner.boss.fail(queue, taken!.id, { reason: 'test' });
    await prisma.$executeRawUnsafe(
      `UPDATE pgboss.job SET start_after = now() - interval '1 hour' WHERE name = $1 AND state = 'created'`,
      queue,
    );

    // An outbox backlog of this file's own: a mail pending for two hours (not due, so no worker sends it) and a
    // registration with a change the registry has not accepted for three hours (not due either).
    const company = await createTestCompany(prisma);
    await prisma.emailOutbox.create({
      data: {
        companyId: company.id,
        to: 'metrics@example.test',
        subject: 'metrics',
        text: 'metrics',
        html: '<p>metrics</p>',
        createdAt: new Date(Date.now() - 2 * 3600_000),
        nextAttemptAt: new Date(Date.now() + 24 * 3600_000),
      },
    });
    const product = await createTestProduct(prisma, { companyId: company.id });
    await prisma.$executeRawUnsafe(
      `INSERT INTO "PassportRegistration" ("productId", "wantedSeq", "sentSeq", "nextAttemptAt", "createdAt", "updatedAt")
       VALUES ($1::uuid, 2, 1, NULL, now(), (now() AT TIME ZONE 'UTC') - interval '3 hours')`,
      product.id,
    );
  }, 60_000);

  afterAll(async () => {
    await prisma.$executeRawUnsafe('DELETE FROM pgboss.job WHERE name = $1', queue);
    await runner?.boss.deleteQueue(queue);
    await stopJobs();
    delete process.env.BACKUP_TARGET;
    resetConfigForTests();
    await disconnectPrisma();
  });

  it("reports the database pool's connections and size", async () => {
    const text = await scrape();
    expect(seriesValue(text, 'bps_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
    expect(seriesValue(text, 'bps_db_pool_connections{state="busy"}')).toBeGreaterThanOrEqual(0);
    expect(seriesValue(text, 'bps_db_pool_waiting_requests')).toBeGreaterThanOrEqual(0);
    expect(seriesValue(text, 'bps_db_pool_max_connections')).toBeGreaterThan(0);
  });

  it("reports a pg-boss queue's waiting jobs, the oldest one's age and its failures of the last hour", async () => {
    const text = await scrape();
    expect(seriesValue(text, 'bps_metrics_source_up{source="jobs"}')).toBe(1);
    expect(seriesValue(text, `bps_job_queue_waiting{queue="${queue}"}`)).toBe(1);
    expect(seriesValue(text, `bps_job_queue_active{queue="${queue}"}`)).toBe(0);
    expect(seriesValue(text, `bps_job_queue_oldest_waiting_seconds{queue="${queue}"}`)).toBeGreaterThanOrEqual(3599);
    expect(seriesValue(text, `bps_job_queue_failed_last_hour{queue="${queue}"}`)).toBe(1);
  });

  it('reports the outboxes: pending mail and registrations due, with the age of the oldest', async () => {
    const text = await scrape();
    expect(seriesValue(text, 'bps_metrics_source_up{source="outboxes"}')).toBe(1);
    expect(seriesValue(text, 'bps_outbox_pending{outbox="email"}')).toBeGreaterThanOrEqual(1);
    expect(seriesValue(text, 'bps_outbox_oldest_pending_seconds{outbox="email"}')).toBeGreaterThanOrEqual(2 * 3600 - 1);
    expect(seriesValue(text, 'bps_outbox_pending{outbox="registry"}')).toBeGreaterThanOrEqual(1);
    expect(seriesValue(text, 'bps_outbox_oldest_pending_seconds{outbox="registry"}')).toBeGreaterThanOrEqual(
      3 * 3600 - 1,
    );
    expect(seriesValue(text, 'bps_outbox_pending{outbox="webhook"}')).toBeGreaterThanOrEqual(0);
    expect(seriesValue(text, 'bps_outbox_failed{outbox="webhook"}')).toBeGreaterThanOrEqual(0);
    // No back-up target configured: no back-up series.
    expect(text).not.toContain('outbox="backup"');
  });

  it("adds the back-up copy's backlog and lag when a back-up target is configured", async () => {
    process.env.BACKUP_TARGET = '/tmp/metrics-backup-test';
    resetConfigForTests();
    // One read per source per second: a fresh scrape after the shared read's window.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const text = await scrape();
    expect(seriesValue(text, 'bps_outbox_pending{outbox="backup"}')).toBeGreaterThanOrEqual(0);
    expect(seriesValue(text, 'bps_outbox_oldest_pending_seconds{outbox="backup"}')).toBeGreaterThanOrEqual(0);
  });

  it('has every metric the example Grafana dashboard (deploy/grafana-dashboard.json) queries', async () => {
    const names = dashboardMetricNames();
    expect(names.length).toBeGreaterThan(10);
    const scraped = scrapedNames(await scrape());
    expect(names.filter((name) => !scraped.has(name))).toEqual([]);
  });
});

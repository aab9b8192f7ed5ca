import { Gauge, type Registry } from 'prom-client';
import { recentBackupLag } from '@/lib/backup/lag';
import { config } from '@/lib/config';
import { getPool } from '@/lib/db/client';
import { type SqlTx, sqlTransaction } from '@/lib/db/sql';
import { addCollectors } from '@/lib/http/metrics';
import { JOBS_SCHEMA } from '@/lib/jobs/runner';

/**
 * The service's own gauges beside the HTTP ones of lib/http/metrics.ts, each read when Prometheus scrapes: the
 * database pool, pg-boss's queues and the outboxes' backlogs (webhook deliveries, mail, EU registry registrations,
 * back-up copies). The database is read at most once per scrape and source, in one short transaction whose
 * statements are bounded; a source that cannot be read in time reports `bps_metrics_source_up{source} 0` and
 * leaves its series out rather than repeat stale figures.
 */

/** The bound on each scrape statement; the whole read of a source also gives up after READ_DEADLINE_MS. */
const STATEMENT_TIMEOUT_MS = 2_000;
const READ_DEADLINE_MS = 2_500;
/** Gauges of one source read within this window share one database read (one scrape reads each source once). */
const SHARED_READ_MS = 1_000;

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not read within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** One read shared by the gauges of a source during a scrape; null when it failed or was late. */
function perScrape<T>(read: () => Promise<T>): () => Promise<T | null> {
  let last: { at: number; value: Promise<T | null> } | undefined;
  return () => {
    const now = Date.now();
    if (!last || now - last.at > SHARED_READ_MS) {
      last = { at: now, value: within(read(), READ_DEADLINE_MS).catch(() => null) };
    }
    return last.value;
  };
}

const readOnly = <T>(fn: (tx: SqlTx) => Promise<T>) => sqlTransaction(fn, { statementTimeoutMs: STATEMENT_TIMEOUT_MS });

interface QueueRow {
  queue: string;
  waiting: number;
  active: number;
  oldest_seconds: number;
  failed_last_hour: number;
}

/**
 * Per pg-boss queue: the jobs due and not yet taken (created or retrying, start time reached), the age of the
 * oldest of them, the jobs at work, and the jobs that failed for good in the last hour. Queues are pg-boss's own
 * table, so a queue with no job still reports zeros.
 */
async function readQueues(): Promise<QueueRow[]> {
  return readOnly(async (tx) => {
    const { rows } = await tx.query<QueueRow>({
      text: `SELECT q.name AS queue,
        count(j.id) FILTER (WHERE j.state IN ('created', 'retry') AND j.start_after <= now())::int AS waiting,
        count(j.id) FILTER (WHERE j.state = 'active')::int AS active,
        COALESCE(EXTRACT(EPOCH FROM now() - min(j.start_after)
          FILTER (WHERE j.state IN ('created', 'retry') AND j.start_after <= now())), 0)::float8 AS oldest_seconds,
        count(j.id) FILTER (WHERE j.state = 'failed' AND j.completed_on > now() - interval '1 hour')::int
          AS failed_last_hour
        FROM ${JOBS_SCHEMA}.queue q LEFT JOIN ${JOBS_SCHEMA}.job j ON j.name = q.name
        GROUP BY q.name`,
    });
    return rows;
  });
}

type Outbox = 'webhook' | 'email' | 'registry' | 'backup';

interface OutboxRow {
  outbox: Outbox;
  pending: number;
  oldest_seconds: number;
  failed: number | null;
}

const AGE = (column: string, due: string) =>
  `COALESCE(EXTRACT(EPOCH FROM (now() AT TIME ZONE 'UTC') - min("${column}") FILTER (WHERE ${due})), 0)::float8`;

/**
 * The outboxes' backlogs: webhook deliveries and mails still pending (the oldest by when it was queued), registry
 * registrations with a change the registry has not accepted yet (the oldest by the row's last change), and the
 * rows given up on (webhook deliveries and mails failed for good, registrations the registry refused). The back-up
 * copy's lag is lib/backup's own reading, the one /api/health reports, when a back-up target is configured.
 */
async function readOutboxes(): Promise<OutboxRow[]> {
  const rows = await readOnly(async (tx) => {
    const { rows } = await tx.query<OutboxRow>({
      text: `SELECT 'webhook' AS outbox, count(*) FILTER (WHERE status = 'PENDING')::int AS pending,
          ${AGE('createdAt', `status = 'PENDING'`)} AS oldest_seconds,
          count(*) FILTER (WHERE status = 'FAILED')::int AS failed
        FROM "WebhookDelivery" WHERE status IN ('PENDING', 'FAILED')
        UNION ALL
        SELECT 'email', count(*) FILTER (WHERE status = 'PENDING')::int, ${AGE('createdAt', `status = 'PENDING'`)},
          count(*) FILTER (WHERE status = 'FAILED')::int
        FROM "EmailOutbox" WHERE status IN ('PENDING', 'FAILED')
        UNION ALL
        SELECT 'registry', count(*) FILTER (WHERE "wantedSeq" > "sentSeq")::int,
          ${AGE('updatedAt', `"wantedSeq" > "sentSeq"`)}, count(*) FILTER (WHERE status = 'FAILED')::int
        FROM "PassportRegistration"`,
    });
    return rows;
  });
  if (!config().BACKUP_TARGET) return rows;
  const lag = await recentBackupLag();
  return [...rows, { outbox: 'backup', pending: lag.pending, oldest_seconds: lag.lagSeconds, failed: null }];
}

/** A gauge whose series are set afresh from a source's read at each scrape (none when the read failed). */
function gaugeOf<L extends string, T>(
  registry: Registry,
  spec: { name: string; help: string; labelNames: readonly L[] },
  read: () => Promise<T | null>,
  set: (gauge: Gauge<L>, value: T) => void,
): void {
  new Gauge<L>({
    ...spec,
    registers: [registry],
    async collect() {
      const value = await read();
      this.reset();
      if (value !== null) set(this, value);
    },
  });
}

function addServiceCollectors(registry: Registry): void {
  gaugeOf(
    registry,
    {
      name: 'bps_db_pool_connections',
      help: "Connections of this process's database pool (Prisma and direct SQL), by state: busy or idle.",
      labelNames: ['state'],
    },
    async () => getPool(),
    (gauge, pool) => {
      gauge.set({ state: 'idle' }, pool.idleCount);
      gauge.set({ state: 'busy' }, pool.totalCount - pool.idleCount);
    },
  );
  gaugeOf(
    registry,
    {
      name: 'bps_db_pool_waiting_requests',
      help: 'Queries waiting for a connection of the database pool (all connections busy).',
      labelNames: [],
    },
    async () => getPool(),
    (gauge, pool) => gauge.set(pool.waitingCount),
  );
  gaugeOf(
    registry,
    { name: 'bps_db_pool_max_connections', help: 'The database pool size (DATABASE_POOL_SIZE).', labelNames: [] },
    async () => getPool(),
    (gauge, pool) => gauge.set(pool.options.max ?? 0),
  );

  const queues = perScrape(readQueues);
  const outboxes = perScrape(readOutboxes);
  const perQueue = (name: string, help: string, pick: (row: QueueRow) => number) =>
    gaugeOf(registry, { name, help, labelNames: ['queue'] }, queues, (gauge, rows) => {
      for (const row of rows) gauge.set({ queue: row.queue }, pick(row));
    });
  perQueue('bps_job_queue_waiting', 'pg-boss jobs due and not yet taken by a worker, per queue.', (r) => r.waiting);
  perQueue('bps_job_queue_active', 'pg-boss jobs a worker is working, per queue.', (r) => r.active);
  perQueue(
    'bps_job_queue_oldest_waiting_seconds',
    'Seconds the oldest due pg-boss job of a queue has waited for a worker (0: none waiting).',
    (r) => r.oldest_seconds,
  );
  perQueue(
    'bps_job_queue_failed_last_hour',
    'pg-boss jobs of a queue that failed for good (retries spent) in the last hour.',
    (r) => r.failed_last_hour,
  );

  const perOutbox = (name: string, help: string, pick: (row: OutboxRow) => number | null) =>
    gaugeOf(registry, { name, help, labelNames: ['outbox'] }, outboxes, (gauge, rows) => {
      for (const row of rows) {
        const value = pick(row);
        if (value !== null) gauge.set({ outbox: row.outbox }, value);
      }
    });
  perOutbox(
    'bps_outbox_pending',
    'Backlog per outbox: webhook deliveries and mails pending, registrations and back-up copies due.',
    (r) => r.pending,
  );
  perOutbox(
    'bps_outbox_oldest_pending_seconds',
    'Seconds since the oldest pending item of an outbox was queued (back-up: its replication lag; 0: none).',
    (r) => r.oldest_seconds,
  );
  perOutbox(
    'bps_outbox_failed',
    'Items an outbox gave up on: webhook deliveries and mails failed for good, registrations refused.',
    (r) => r.failed,
  );

  gaugeOf(
    registry,
    {
      name: 'bps_metrics_source_up',
      help: 'Whether a source of these metrics (jobs, outboxes) was read in time at this scrape (1) or not (0).',
      labelNames: ['source'],
    },
    async () => Promise.all([queues(), outboxes()]),
    (gauge, [jobs, outbox]) => {
      gauge.set({ source: 'jobs' }, jobs === null ? 0 : 1);
      gauge.set({ source: 'outboxes' }, outbox === null ? 0 : 1);
    },
  );
}

/** Registers the service's gauges in the process's registry, once; the metrics route calls it before a scrape. */
export function registerServiceMetrics(): void {
  addCollectors('service', addServiceCollectors);
}

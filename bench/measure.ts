// One measurement: autocannon at fixed concurrency, the server's peak resident memory sampled meanwhile, and the
// database work per request: the app's own Prisma query count, and the table/index scans PostgreSQL counted.
import autocannon from 'autocannon';
import type pg from 'pg';
import type { Measured } from '../lib/bench/targets';
import { cpuMs, databaseCpuMs, databaseCpuSpent, sampleRss } from './app-server';

export interface Target {
  id: string;
  scenario: number;
  label: string;
  url: string;
  /** Builds each request (random target, fresh signature); the default is a plain GET of `url`. */
  request?: autocannon.Request;
  countScans?: boolean;
}

export interface MeasureOptions {
  connections: number;
  durationSeconds: number;
  /** The server's Node process; none for the physical ceiling (another process's memory is meaningless). */
  pid?: number;
  pool?: pg.Pool;
  /** Scans per second the idle app makes (background jobs polling public tables), subtracted from each run. */
  idleScansPerSecond?: number;
  /** The app's Prisma query count so far (its bench-only route), and its idle rate, subtracted from each run. */
  queries?: () => Promise<number>;
  idleQueriesPerSecond?: number;
}

export async function scans(pool: pg.Pool): Promise<number> {
  // Backends flush their statistics at most once a second: wait for the flush before reading.
  await new Promise((r) => setTimeout(r, 1200));
  const { rows } = await pool.query<{ n: string }>(
    `SELECT coalesce(sum(coalesce(seq_scan, 0) + coalesce(idx_scan, 0)), 0) AS n FROM pg_stat_user_tables WHERE schemaname = 'public'`);
  return Number(rows[0].n);
}

export function run(url: string, connections: number, durationSeconds: number, request?: autocannon.Request) {
  return autocannon({ url, connections, duration: durationSeconds, requests: request ? [request] : undefined });
}

export async function measure(target: Target, opts: MeasureOptions): Promise<Measured> {
  const before = target.countScans && opts.pool ? await scans(opts.pool) : null;
  const queriesBefore = target.countScans && opts.queries ? await opts.queries() : null;
  const startedAt = Date.now();
  const stopRss = opts.pid ? sampleRss(opts.pid) : () => null;
  const cpuBefore = opts.pid ? { server: cpuMs(opts.pid), database: databaseCpuMs() } : null;
  const result = await run(target.url, opts.connections, opts.durationSeconds, target.request);
  const cpuAfter = opts.pid ? { server: cpuMs(opts.pid), database: databaseCpuMs() } : null;
  const peakRssMb = stopRss();
  const requests = result.requests.total;
  const queriesAfter = queriesBefore !== null && opts.queries ? await opts.queries() : null;
  const elapsed = (Date.now() - startedAt) / 1000;
  const after = before !== null && opts.pool ? await scans(opts.pool) : null;
  const background = elapsed * (opts.idleScansPerSecond ?? 0);
  return {
    id: target.id, scenario: target.scenario, label: target.label,
    requestsPerSecond: requests / result.duration, p50Ms: result.latency.p50, p99Ms: result.latency.p99,
    requests, non2xx: result.non2xx, errors: result.errors + result.timeouts, peakRssMb,
    serverCpuMsPerRequest: cpuBefore && cpuAfter && requests > 0 ? (cpuAfter.server - cpuBefore.server) / requests : null,
    databaseCpuMsPerRequest: cpuBefore && cpuAfter && requests > 0 ? databaseCpuSpent(cpuBefore.database, cpuAfter.database) / requests : null,
    scansPerRequest: before !== null && after !== null && requests > 0 ? Math.max(0, after - before - background) / requests : null,
    queriesPerRequest: queriesBefore !== null && queriesAfter !== null && requests > 0
      ? Math.max(0, queriesAfter - queriesBefore - elapsed * (opts.idleQueriesPerSecond ?? 0)) / requests : null,
    notes: [],
  };
}

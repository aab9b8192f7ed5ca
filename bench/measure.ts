// One measurement: autocannon at fixed concurrency in slices, the server's peak resident memory sampled meanwhile,
// its CPU and PostgreSQL's per answer, and the database work per request: the app's own query count, and the
// table/index scans PostgreSQL counted. A scenario's slices are interleaved with the framework ceiling's.
import autocannon from 'autocannon';
import type pg from 'pg';
import { ceilingOfSlices, ceilingSliceSeconds, type Measured, pooled, type Slice } from '../lib/bench/targets';
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
  /** The row's measured time in all (its slices together). */
  durationSeconds: number;
  /** The server's Node process; none for the physical ceiling (another process's memory is meaningless). */
  pid?: number;
  pool?: pg.Pool;
  /** Scans per second the idle app makes (background jobs polling public tables), subtracted from each run. */
  idleScansPerSecond?: number;
  /** The app's query count so far (its bench-only route), and its idle rate, subtracted from each run. */
  queries?: () => Promise<number>;
  idleQueriesPerSecond?: number;
}

export interface BesideOptions {
  /** The framework ceiling's route. */
  ceiling: Target;
  /** The scenario's slices; the ceiling gets one more (see ceilingSliceSeconds). */
  rounds: number;
  /** The ceiling's time in all. */
  ceilingSeconds: number;
  /** A warm-up of the slice's own kind before every slice (not measured): the switch between kinds is neither's. */
  warmSeconds: number;
}

export async function scans(pool: pg.Pool): Promise<number> {
  // Backends flush their statistics at most once a second: wait for the flush before reading.
  await new Promise((r) => setTimeout(r, 1200));
  const { rows } = await pool.query<{ n: string }>(
    `SELECT coalesce(sum(coalesce(seq_scan, 0) + coalesce(idx_scan, 0)), 0) AS n FROM pg_stat_user_tables WHERE schemaname = 'public'`,
  );
  return Number(rows[0].n);
}

type Run = Promise<autocannon.Result> & autocannon.Instance;

export function run(url: string, connections: number, durationSeconds: number, request?: autocannon.Request): Run {
  return autocannon({ url, connections, duration: durationSeconds, requests: request ? [request] : undefined }) as Run;
}

/** One measured autocannon run of `target`, with every answer's latency and, given the server's pid, its costs. */
async function slice(target: Target, connections: number, seconds: number, pid?: number): Promise<Slice> {
  const latenciesMs: number[] = [];
  const stopRss = pid ? sampleRss(pid) : () => null;
  const before = pid ? { server: cpuMs(pid), database: databaseCpuMs() } : null;
  const running = run(target.url, connections, seconds, target.request);
  running.on('response', (_client, _status, _bytes, responseTime) => latenciesMs.push(responseTime));
  const result = await running;
  const after = pid ? { server: cpuMs(pid), database: databaseCpuMs() } : null;
  return {
    requests: result.requests.total,
    seconds: result.duration,
    latenciesMs,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    serverCpuMs: before && after ? after.server - before.server : null,
    databaseCpuMs: before && after ? databaseCpuSpent(before.database, after.database) : null,
    peakRssMb: stopRss(),
  };
}

/**
 * Measures `target` for `opts.durationSeconds`: in one run, or with `beside`, in `rounds` slices interleaved with
 * the framework ceiling's (each slice after a warm-up of its own kind). The app's queries and PostgreSQL's scans
 * are counted over the whole block (the ceiling's route makes none) and divided by every request of the target's
 * sent in it, warm-ups included.
 */
export async function measure(target: Target, opts: MeasureOptions, beside?: BesideOptions): Promise<Measured> {
  const counting = target.countScans === true;
  const scansBefore = counting && opts.pool ? await scans(opts.pool) : null;
  const queriesBefore = counting && opts.queries ? await opts.queries() : null;
  const startedAt = Date.now();
  const own: Slice[] = [];
  const ceiling: Slice[] = [];
  let sent = 0;
  const warmed = async (t: Target, seconds: number, into: Slice[]) => {
    if (beside && beside.warmSeconds > 0) {
      const warm = await run(t.url, opts.connections, beside.warmSeconds, t.request);
      if (t === target) sent += warm.requests.total;
    }
    const measured = await slice(t, opts.connections, seconds, opts.pid);
    if (t === target) sent += measured.requests;
    into.push(measured);
  };
  if (beside) {
    const ceilingSeconds = ceilingSliceSeconds(beside.ceilingSeconds, beside.rounds);
    for (let i = 0; i < beside.rounds; i++) {
      await warmed(beside.ceiling, ceilingSeconds[i], ceiling);
      await warmed(target, opts.durationSeconds / beside.rounds, own);
    }
    await warmed(beside.ceiling, ceilingSeconds[beside.rounds], ceiling);
  } else {
    await warmed(target, opts.durationSeconds, own);
  }
  const queriesAfter = queriesBefore !== null && opts.queries ? await opts.queries() : null;
  const elapsed = (Date.now() - startedAt) / 1000;
  const scansAfter = scansBefore !== null && opts.pool ? await scans(opts.pool) : null;
  const m = pooled(own);
  return {
    id: target.id,
    scenario: target.scenario,
    label: target.label,
    requestsPerSecond: m.requestsPerSecond,
    p50Ms: m.p50Ms,
    p99Ms: m.p99Ms,
    requests: m.requests,
    non2xx: m.non2xx,
    errors: m.errors,
    peakRssMb: m.peakRssMb,
    serverCpuMsPerRequest: m.serverCpuMsPerRequest,
    databaseCpuMsPerRequest: m.databaseCpuMsPerRequest,
    scansPerRequest:
      scansBefore !== null && scansAfter !== null && sent > 0
        ? Math.max(0, scansAfter - scansBefore - elapsed * (opts.idleScansPerSecond ?? 0)) / sent
        : null,
    queriesPerRequest:
      queriesBefore !== null && queriesAfter !== null && sent > 0
        ? Math.max(0, queriesAfter - queriesBefore - elapsed * (opts.idleQueriesPerSecond ?? 0)) / sent
        : null,
    beside: beside ? ceilingOfSlices(ceiling) : undefined,
    notes: [],
  };
}

// The app under test: the production build started as a child process (`npx tsx scripts/start.ts`), with the rate
// limits raised by configuration, and the resident memory of its actual Node process (the deepest of the tree).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** The bench's own build; BENCH_DIST_DIR names another (two benches on one checkout). */
export const DIST_DIR = process.env.BENCH_DIST_DIR ?? '.next-bench';
const UNLIMITED = '100000000';

export interface AppServer {
  baseUrl: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function startApp(opts: { databaseUrl: string; port: number }): Promise<AppServer> {
  const baseUrl = `http://127.0.0.1:${opts.port}`;
  const child = spawn('npx', ['tsx', 'scripts/start.ts'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_DIST_DIR: DIST_DIR,
      DATABASE_URL: opts.databaseUrl,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      BASE_URL: baseUrl,
      LOG_LEVEL: 'warn',
      INTEGRATION_API_ENABLED: '1',
      BMS_INGESTION_ENABLED: '1',
      RATE_LIMIT_BACKEND: 'memory',
      RATE_LIMIT_EDGE_PER_MINUTE: UNLIMITED,
      RATE_LIMIT_DPP_PER_MINUTE: UNLIMITED,
      RATE_LIMIT_API_KEY_PER_MINUTE: UNLIMITED,
      RATE_LIMIT_BMS_PER_SECOND: UNLIMITED,
      DB_QUERY_COUNTER: '1',
    },
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The app exited with ${child.exitCode} before answering`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('The app did not answer /api/health within 90 s');
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    baseUrl,
    child,
    stop: async () => {
      if (child.exitCode !== null || child.pid === undefined) return;
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    },
  };
}

function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

function comm(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/** The server's Node process: the largest `node` in the child's tree (npx → tsx → node; esbuild is not it). */
export function serverPid(rootPid: number): number {
  const pids = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number);
  const tree = [rootPid];
  for (let i = 0; i < tree.length; i++) tree.push(...pids.filter((p) => parentOf(p) === tree[i]));
  const nodes = tree.filter((p) => comm(p) === 'node');
  return nodes.reduce((best, p) => ((rssMb(p) ?? 0) > (rssMb(best) ?? 0) ? p : best), nodes[0] ?? rootPid);
}

export function rssMb(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Samples the resident set every 200 ms until stopped; answers the peak. */
export function sampleRss(pid: number): () => number | null {
  let peak: number | null = null;
  const take = () => {
    const mb = rssMb(pid);
    if (mb !== null) peak = Math.max(peak ?? 0, mb);
  };
  take();
  const timer = setInterval(take, 200);
  return () => {
    clearInterval(timer);
    take();
    return peak;
  };
}

let ticksPerSecond: number | undefined;

/** The kernel's clock ticks per second, in which /proc reports CPU time. */
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** User plus system CPU time of a process so far, in milliseconds (0 once it is gone). */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks();
  } catch {
    return 0;
  }
}

/** CPU time so far of every PostgreSQL process of this machine (the embedded cluster's or the local server's), by pid. */
export function databaseCpuMs(): Map<number, number> {
  const pids = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number);
  return new Map(pids.filter((p) => comm(p).startsWith('postgres')).map((p) => [p, cpuMs(p)]));
}

/**
 * The CPU time PostgreSQL spent between two readings: a process that is gone by the second counts nothing (its time
 * left with it), one that started in between counts from zero.
 */
export function databaseCpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let spent = 0;
  for (const [pid, ms] of after) spent += Math.max(0, ms - (before.get(pid) ?? 0));
  return spent;
}

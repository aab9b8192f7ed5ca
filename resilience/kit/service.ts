// The service under test: the production build started as its own process group (`npx tsx scripts/start.ts`),
// so a suite can stop it politely, kill it outright mid-traffic, or read its resident memory.
import { type ChildProcess, spawn } from 'node:child_process';
import { rssMb, serverPid } from '../../bench/app-server';
import { freePort } from '../../lib/db/embedded';

export interface ServiceOptions {
  /** The migrated database (createTestDatabase, possibly through a TCP proxy). */
  databaseUrl: string;
  /** Extra environment: feature flags are on and limits at their defaults unless given here. */
  env?: Record<string, string>;
  /** Keep the same port across a restart (a killed service started again). */
  port?: number;
  /** How long to wait for /api/health 200 (a service started while its database is cut waits for listening only). */
  waitForHealthy?: boolean;
}

export interface RunningService {
  baseUrl: string;
  port: number;
  child: ChildProcess;
  /** SIGTERM to the group, SIGKILL after 15 s. */
  stop(): Promise<void>;
  /** SIGKILL to the whole group at once: the crash a power cut or the OOM killer makes. */
  kill(): Promise<void>;
  /** Resident memory of the server's own Node process, in MB (null once it is gone). */
  rssMb(): number | null;
}

/** The dist directory `npm run build` wrote (NEXT_DIST_DIR, else .next). */
export const distDir = () => process.env.NEXT_DIST_DIR ?? '.next';

export async function startService(opts: ServiceOptions): Promise<RunningService> {
  const port = opts.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn('npx', ['tsx', 'scripts/start.ts'], {
    stdio: ['ignore', 'ignore', process.env.RESILIENCE_SERVER_LOG ? 'inherit' : 'ignore'],
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_DIST_DIR: distDir(),
      DATABASE_URL: opts.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseUrl,
      LOG_LEVEL: process.env.RESILIENCE_SERVER_LOG ? 'warn' : 'silent',
      INTEGRATION_API_ENABLED: '1',
      BMS_INGESTION_ENABLED: '1',
      SEED_DEMO: '0',
      RATE_LIMIT_BACKEND: 'memory',
      ...opts.env,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`The service exited (${child.exitCode ?? child.signalCode}) before answering`);
    const answer = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (opts.waitForHealthy === false ? answer !== 0 : answer === 200) break;
    if (Date.now() > deadline) throw new Error('The service did not answer /api/health within 120 s');
    await new Promise((r) => setTimeout(r, 300));
  }
  let pid: number | undefined;
  const signal = (sig: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, sig);
    } catch {
      // Already gone.
    }
  };
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  return {
    baseUrl,
    port,
    child,
    stop: async () => {
      if (gone()) return;
      signal('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      signal('SIGKILL');
      await exited;
    },
    kill: async () => {
      if (gone()) return;
      signal('SIGKILL');
      await exited;
    },
    rssMb: () => {
      if (gone() || child.pid === undefined) return null;
      pid ??= serverPid(child.pid);
      return rssMb(pid);
    },
  };
}

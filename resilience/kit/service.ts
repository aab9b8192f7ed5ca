// The service under test: the production build started as its own process group (testing/server-process.ts)
// with every feature on, so a suite can stop it politely, kill it outright mid-traffic, or read its resident memory.
import type { ChildProcess } from 'node:child_process';
import { rssMb, serverPid } from '../../bench/app-server';
import { signalServer, startServer, stopServer } from '../../testing/server-process';

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
  const logged = Boolean(process.env.RESILIENCE_SERVER_LOG);
  const { baseUrl, port, child } = await startServer({
    databaseUrl: opts.databaseUrl,
    port: opts.port,
    stdio: ['ignore', 'ignore', logged ? 'inherit' : 'ignore'],
    ready: opts.waitForHealthy === false ? () => true : undefined,
    env: {
      NEXT_DIST_DIR: distDir(),
      LOG_LEVEL: logged ? 'warn' : 'silent',
      INTEGRATION_API_ENABLED: '1',
      BMS_INGESTION_ENABLED: '1',
      RATE_LIMIT_BACKEND: 'memory',
      ...opts.env,
    },
  });
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const exited = gone() ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let pid: number | undefined;
  return {
    baseUrl,
    port,
    child,
    stop: async () => {
      if (gone()) return;
      await stopServer(child, 15_000);
      await exited;
    },
    kill: async () => {
      if (gone()) return;
      signalServer(child, 'SIGKILL');
      await exited;
    },
    rssMb: () => {
      if (gone() || child.pid === undefined) return null;
      pid ??= serverPid(child.pid);
      return rssMb(pid);
    },
  };
}

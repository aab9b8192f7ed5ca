// A server of its own, for the e2e specs (flags off, a database to stop) and the resilience suites (faults, crashes,
// load): the production start script (`npx tsx scripts/start.ts`) in its own process group, so stopping it stops
// npx, tsx and the server beneath them (killing npx alone leaves the server running).
import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import { freePort } from '../lib/db/embedded';

export interface ServerOptions {
  databaseUrl: string;
  /** Over the defaults (production, 127.0.0.1, no demo data, silent logs) and the caller's own environment. */
  env?: Record<string, string>;
  /** A port of its own by default; the same one again restarts a server where clients expect it. */
  port?: number;
  stdio?: StdioOptions;
  /** When /api/health counts as up: 200 by default (a server whose database is cut may want any answer). */
  ready?: (status: number) => boolean;
  timeoutMs?: number;
}

export interface ServerProcess {
  baseUrl: string;
  port: number;
  child: ChildProcess;
}

export function spawnServer(env: NodeJS.ProcessEnv, stdio: StdioOptions = 'ignore'): ChildProcess {
  return spawn('npx', ['tsx', 'scripts/start.ts'], { env, stdio, detached: true });
}

/** Starts a server and waits until /api/health says it is ready; throws if it exits or times out first. */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawnServer(
    {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: options.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseUrl,
      SEED_DEMO: '0',
      LOG_LEVEL: 'silent',
      ...options.env,
    },
    options.stdio,
  );
  const ready = options.ready ?? ((status) => status === 200);
  const timeoutMs = options.timeoutMs ?? 120_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}) before answering /api/health`);
    const status = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (status !== 0 && ready(status)) return { baseUrl, port, child };
    if (Date.now() > deadline) {
      await stopServer(child, 0);
      throw new Error(`The server did not answer /api/health within ${timeoutMs / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** `signal` to the server's whole process group; nothing when it is already gone. */
export function signalServer(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

const groupAlive = (pid: number) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** SIGTERM to the whole group, then SIGKILL whatever is left after `graceMs`. */
export async function stopServer(child: ChildProcess | undefined, graceMs = 20_000): Promise<void> {
  if (!child?.pid) return;
  const pid = child.pid;
  signalServer(child, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (groupAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  signalServer(child, 'SIGKILL');
}

// Specs that need a server of their own (flags off, database stopped) start it in its own process group, so
// stopping it stops npx, tsx and the server beneath them: killing npx alone leaves the server running.
import { type ChildProcess, spawn } from 'node:child_process';

export function spawnServer(env: NodeJS.ProcessEnv): ChildProcess {
  return spawn('npx', ['tsx', 'scripts/start.ts'], { env, stdio: 'ignore', detached: true });
}

const groupAlive = (pid: number) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

const signalGroup = (pid: number, signal: NodeJS.Signals) => {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
};

/** SIGTERM to the whole group, then SIGKILL whatever is left after `graceMs`. */
export async function stopServer(child: ChildProcess | undefined, graceMs = 20_000): Promise<void> {
  if (!child?.pid) return;
  const pid = child.pid;
  signalGroup(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (groupAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  signalGroup(pid, 'SIGKILL');
}

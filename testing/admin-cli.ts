import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

/** The test run's own encryption key and base address (vitest.config.ts): what the tests' own reads assume. */
export const TEST_RUN_ENV = { APP_ENCRYPTION_KEY: `${'0'.repeat(63)}1`, BASE_URL: 'http://localhost:3000' };

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the admin CLI (`scripts/admin.ts`) as an operator would: a clean environment (no Vitest variables leak in)
 * holding the database, the test run's key and base address, and `env` over them (an undefined value leaves the
 * variable out).
 */
export function runAdmin(
  databaseUrl: string,
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<CliRun> {
  return runScript('scripts/admin.ts', databaseUrl, args, env);
}

/** Runs another of the operator's scripts (`scripts/<name>.ts`) the same way. */
export function runScript(
  script: string,
  databaseUrl: string,
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<CliRun> {
  const merged = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    ...TEST_RUN_ENV,
    ...env,
  };
  const clean = Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== undefined)) as NodeJS.ProcessEnv;
  return new Promise((resolve) => {
    execFile(TSX, [script, ...args], { cwd: ROOT, env: clean, timeout: 60_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: unknown }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

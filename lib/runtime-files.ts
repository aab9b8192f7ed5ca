// Files the launcher leaves in the data directory so other processes (the admin CLI) reach the same embedded
// database with the same generated secrets.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const GENERATED_SECRET_NAMES = ['APP_ENCRYPTION_KEY', 'NEXTAUTH_SECRET'] as const;
type GeneratedSecrets = Partial<Record<(typeof GENERATED_SECRET_NAMES)[number], string>>;

export interface RuntimeInfo {
  databaseUrl: string;
  pid: number;
  baseUrl?: string;
}

const dataDir = () => path.resolve(process.env.DATA_DIR || '.data');
export const runtimeFilePath = () => path.join(dataDir(), 'runtime.json');
export const secretsFilePath = () => path.join(dataDir(), 'secrets.json');

/** The parsed file, or null when it does not exist; a corrupt file is an error, never silently replaced. */
function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${file} is not valid JSON; fix or delete it.`);
  }
}

// Both files hold credentials (the URL carries the database password), so only the owner may read them.
function writePrivateJson(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}

export function writeRuntimeFile(info: RuntimeInfo): void {
  writePrivateJson(runtimeFilePath(), info);
}

export function removeRuntimeFile(): void {
  rmSync(runtimeFilePath(), { force: true });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running service's embedded database URL, or null when no launcher is running. */
export function readRuntimeDatabaseUrl(): string | null {
  let info: Partial<RuntimeInfo> | null;
  try {
    info = readJson(runtimeFilePath()) as Partial<RuntimeInfo> | null;
  } catch {
    return null;
  }
  if (!info || typeof info.databaseUrl !== 'string' || !info.databaseUrl) return null;
  // A launcher killed without cleanup leaves the file behind; its database is gone with it.
  if (typeof info.pid === 'number' && !isRunning(info.pid)) return null;
  return info.databaseUrl;
}

/** Copies the launcher's generated secrets into the environment where unset; returns the names it set. */
export function loadGeneratedSecrets(): string[] {
  const stored = (readJson(secretsFilePath()) ?? {}) as GeneratedSecrets;
  const loaded: string[] = [];
  for (const name of GENERATED_SECRET_NAMES) {
    const value = stored[name];
    if (!process.env[name] && typeof value === 'string' && value) {
      process.env[name] = value;
      loaded.push(name);
    }
  }
  return loaded;
}

/** Creates `.data/secrets.json` (32 random bytes, hex, per secret) where missing, then loads it. */
export function ensureGeneratedSecrets(): string[] {
  const stored = (readJson(secretsFilePath()) ?? {}) as GeneratedSecrets;
  const missing = GENERATED_SECRET_NAMES.filter((name) => typeof stored[name] !== 'string' || !stored[name]);
  if (missing.length > 0) {
    for (const name of missing) stored[name] = randomBytes(32).toString('hex');
    writePrivateJson(secretsFilePath(), stored);
  }
  return loadGeneratedSecrets();
}

// A whole database to one file and back, with PostgreSQL's own tools: pg_dump in its custom format (-Fc: compressed,
// restorable selectively and in one transaction) and pg_restore. The tools must be of the server's major version or
// newer; they are looked for in POSTGRES_BIN_DIR alone when it is set, else in the embedded distribution's bin
// directory, on PATH and under /usr/lib/postgresql/<major>/bin.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { access, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { embeddedBinDir } from './embedded';

export type PgTool = 'pg_dump' | 'pg_restore';

export interface FoundTool {
  path: string;
  /** As the tool reports it, e.g. "15.20". */
  version: string;
  major: number;
}

export interface ServerVersion {
  version: string;
  major: number;
}

/** No usable pg_dump or pg_restore: the message says what was found, what is needed and how to provide it. */
export class PgToolMissing extends Error {}

/** A refusal that leaves the target as it was (a non-empty database, an unreadable or foreign file). */
export class RestoreRefused extends Error {}

/** Connection parameters Prisma accepts in a URL but libpq refuses. */
const PRISMA_ONLY_PARAMS = ['schema', 'connection_limit', 'pool_timeout', 'pgbouncer', 'statement_cache_size'];

/** The URL for a tool, without its password (which goes in PGPASSWORD, never onto a command line) or Prisma's params. */
export function toolConnection(url: string): { dbname: string; env: Record<string, string> } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  for (const p of PRISMA_ONLY_PARAMS) u.searchParams.delete(p);
  return { dbname: u.toString(), env: password ? { PGPASSWORD: password } : {} };
}

export async function serverVersion(url: string): Promise<ServerVersion> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ num: string; version: string }>(
      `SELECT current_setting('server_version_num') AS num, current_setting('server_version') AS version`,
    );
    return { version: rows[0]!.version.split(' ')[0]!, major: Math.floor(Number(rows[0]!.num) / 10_000) };
  } finally {
    await client.end();
  }
}

/** "pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)" → 15.20, major 15. */
export function parseToolVersion(output: string): { version: string; major: number } | null {
  const match = /\(PostgreSQL\) (\d+)(\.\d+)?/.exec(output);
  return match ? { version: `${match[1]}${match[2] ?? ''}`, major: Number(match[1]) } : null;
}

/**
 * The tool to use against a server of `serverMajor` among those found: one of the server's own major, else the
 * newest newer one (a tool older than the server refuses it). Throws PgToolMissing, naming what was found and where
 * it looked, when none fits.
 */
export function chooseTool(tool: PgTool, serverMajor: number, found: FoundTool[], looked: string[]): FoundTool {
  const exact = found.find((t) => t.major === serverMajor);
  const newer = found.filter((t) => t.major > serverMajor).sort((a, b) => b.major - a.major)[0];
  const chosen = exact ?? newer;
  if (chosen) return chosen;
  const provide =
    `Install the PostgreSQL ${serverMajor} client tools (Debian and Ubuntu: postgresql-client-${serverMajor}) and put ` +
    'them on PATH, or name their directory with POSTGRES_BIN_DIR.';
  if (found.length === 0)
    throw new PgToolMissing(
      `${tool} not found (looked in ${looked.join(', ') || 'nothing'}); the embedded PostgreSQL distribution ships ` +
        `the server only. ${provide}`,
    );
  const listed = found.map((t) => `${t.version} (${t.path})`).join(', ');
  throw new PgToolMissing(
    `${tool} ${listed} cannot work with this PostgreSQL ${serverMajor} server: ${tool} must be of the server's major ` +
      `version or newer. ${provide}`,
  );
}

const exec = (file: string, args: string[], env: Record<string, string> = {}) =>
  new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
    execFile(file, args, { env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(Object.assign(error, { stderr: String(stderr) }));
      else resolve({ stdout: String(stdout), stderr: String(stderr) });
    });
  });

async function executable(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** Where to look, in order: POSTGRES_BIN_DIR alone when set; else the embedded distribution, PATH, /usr/lib/postgresql. */
async function toolDirs(env: NodeJS.ProcessEnv): Promise<string[]> {
  if (env.POSTGRES_BIN_DIR) return [env.POSTGRES_BIN_DIR];
  const dirs: string[] = [];
  try {
    dirs.push(await embeddedBinDir());
  } catch {
    // No embedded distribution for this platform: the other places remain.
  }
  dirs.push(...(env.PATH ?? '').split(path.delimiter).filter(Boolean));
  const versions = await readdir('/usr/lib/postgresql').catch(() => [] as string[]);
  for (const v of versions.sort((a, b) => Number(b) - Number(a))) dirs.push(`/usr/lib/postgresql/${v}/bin`);
  return [...new Set(dirs)];
}

/** The pg_dump or pg_restore to use against a server of `serverMajor` (see chooseTool). */
export async function findTool(tool: PgTool, serverMajor: number, env = process.env): Promise<FoundTool> {
  const looked = await toolDirs(env);
  const found: FoundTool[] = [];
  for (const dir of looked) {
    const file = path.join(dir, tool);
    if (!(await executable(file))) continue;
    const version = parseToolVersion((await exec(file, ['--version']).catch(() => ({ stdout: '' }))).stdout);
    if (version && !found.some((t) => t.version === version.version)) found.push({ path: file, ...version });
  }
  return chooseTool(tool, serverMajor, found, looked);
}

async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const failure = (tool: string, error: unknown) => {
  const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
  return new Error(`${tool} failed: ${stderr || (error as Error).message}`);
};

export interface DumpReport {
  file: string;
  bytes: number;
  sha256: string;
  server: string;
  tool: { path: string; version: string };
  ms: number;
}

/**
 * Dumps the database at `url` into `file` (custom format), written beside it and renamed when complete, so `file`
 * is never a partial dump.
 */
export async function dumpDatabase(url: string, file: string, env = process.env): Promise<DumpReport> {
  const started = Date.now();
  const server = await serverVersion(url);
  const tool = await findTool('pg_dump', server.major, env);
  const target = path.resolve(file);
  const partial = `${target}.partial`;
  const { dbname, env: secret } = toolConnection(url);
  try {
    await exec(tool.path, ['--format=custom', '--no-password', `--file=${partial}`, `--dbname=${dbname}`], secret);
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw failure('pg_dump', error);
  }
  return {
    file: target,
    bytes: (await stat(target)).size,
    sha256: await sha256File(target),
    server: server.version,
    tool: { path: tool.path, version: tool.version },
    ms: Date.now() - started,
  };
}

/** Tables outside PostgreSQL's own schemas: a database the service never used has none. */
export async function userTables(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
    );
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

export interface RestoreReport {
  file: string;
  tables: number;
  server: string;
  tool: { path: string; version: string };
  replaced: boolean;
  ms: number;
}

/**
 * Restores `file` (a pg_dump custom-format archive) into the database at `url`, in one transaction: all of it or,
 * on any error, nothing. The target must be empty (a new database) unless `force`, which drops what the archive
 * holds first. Objects are owned by the restoring role, and no grants are replayed: the target server's roles need
 * not match the source's.
 */
export async function restoreDatabase(
  url: string,
  file: string,
  options: { force?: boolean } = {},
  env = process.env,
): Promise<RestoreReport> {
  const started = Date.now();
  const source = path.resolve(file);
  try {
    await access(source, constants.R_OK);
  } catch {
    throw new RestoreRefused(`Cannot read ${source}.`);
  }
  const server = await serverVersion(url);
  const tool = await findTool('pg_restore', server.major, env);
  try {
    await exec(tool.path, ['--list', source]);
  } catch (error) {
    throw new RestoreRefused(
      `${source} is not a pg_dump custom-format archive pg_restore ${tool.version} can read: ${failure('pg_restore', error).message}`,
    );
  }
  const existing = await userTables(url);
  if (existing > 0 && !options.force)
    throw new RestoreRefused(
      `The target database already holds ${existing} table(s). Restore into a new, empty database (create it and ` +
        'point DATABASE_URL at it), or pass --force to replace what it holds.',
    );
  const { dbname, env: secret } = toolConnection(url);
  const args = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', '--no-password'];
  if (options.force) args.push('--clean', '--if-exists');
  try {
    await exec(tool.path, [...args, `--dbname=${dbname}`, source], secret);
  } catch (error) {
    throw failure('pg_restore', error);
  }
  return {
    file: source,
    tables: await userTables(url),
    server: server.version,
    tool: { path: tool.path, version: tool.version },
    replaced: existing > 0,
    ms: Date.now() - started,
  };
}

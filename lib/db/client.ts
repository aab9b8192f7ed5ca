import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from './generated/client';

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient; pgPool?: pg.Pool };

function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: start the service with `npm run dev` or `npm start`');
  return url;
}

/**
 * The connection pool of one client: Prisma's queries and the hot paths' direct SQL (lib/db/sql.ts) share it, so an
 * instance holds at most DATABASE_POOL_SIZE connections for both. A write transaction holds its connection between
 * its statements, while the busy event loop gets round to each next one: with 10, signed writes queued for a
 * connection at about half the rate the CPU allowed (docs/performance.md), hence 20.
 */
export const DEFAULT_POOL_SIZE = 20;

export function createPool(url = databaseUrl()): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.DATABASE_POOL_SIZE ?? DEFAULT_POOL_SIZE),
    // A stopped database must fail a request quickly, not hang it.
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
  });
  // An idle connection the server drops is replaced on next use; without a listener its error would end the process.
  pool.on('error', () => undefined);
  return pool;
}

export function createPrismaClient(url = databaseUrl(), pool = createPool(url)): PrismaClient {
  // $disconnect ends the pool too.
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  if (process.env.DB_QUERY_COUNTER !== '1') return new PrismaClient({ adapter });
  // `npm run bench` counts the queries the app makes (DB_QUERY_COUNTER=1): Prisma's query events, one per
  // statement sent, and the direct statements of lib/db/sql.ts, summed in a process-wide counter that the bench
  // build's own route reads.
  const client = new PrismaClient({ adapter, log: [{ emit: 'event', level: 'query' }] });
  client.$on('query', addQuery);
  return client as unknown as PrismaClient;
}

export const QUERY_COUNT = Symbol.for('battery-passport-service.query-count');
type QueryCounterHolder = { [QUERY_COUNT]?: number };

function addQuery(): void {
  const holder = globalThis as QueryCounterHolder;
  holder[QUERY_COUNT] = (holder[QUERY_COUNT] ?? 0) + 1;
}

/** Counts one direct statement sent, when the bench asks for it (DB_QUERY_COUNTER=1). */
export function countQuery(): void {
  if (process.env.DB_QUERY_COUNTER === '1') addQuery();
}

/** Queries sent by this process's Prisma clients and direct SQL since start (0 unless DB_QUERY_COUNTER=1). */
export function queriesSent(): number {
  return (globalThis as QueryCounterHolder)[QUERY_COUNT] ?? 0;
}

/** One client per process, created on first use (so importing this module never needs a database). */
export function getPrisma(): PrismaClient {
  if (!globalForPrisma.prisma) {
    const pool = createPool();
    globalForPrisma.prisma = createPrismaClient(databaseUrl(), pool);
    globalForPrisma.pgPool = pool;
  }
  return globalForPrisma.prisma;
}

/** The process's connection pool, the one its Prisma client uses. */
export function getPool(): pg.Pool {
  getPrisma();
  return globalForPrisma.pgPool!;
}

export const prisma: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, prop) {
    const client = getPrisma();
    const value = Reflect.get(client, prop, client);
    return typeof value === 'function' ? value.bind(client) : value;
  },
  has(_target, prop) {
    return Reflect.has(getPrisma(), prop);
  },
});

/** Closes the pool; tests and the launcher call it on shutdown. */
export async function disconnectPrisma(): Promise<void> {
  const client = globalForPrisma.prisma;
  globalForPrisma.prisma = undefined;
  globalForPrisma.pgPool = undefined;
  await client?.$disconnect();
}

/** True when the database answers a trivial query within `timeoutMs`. */
export async function pingDatabase(timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const query = prisma.$queryRawUnsafe('SELECT 1').then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

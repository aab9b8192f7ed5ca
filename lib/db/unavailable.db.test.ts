import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { PrismaPg } from '@prisma/adapter-pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StorageUnavailable } from '../documents/storage';
import { createPrismaClient, type Db } from './client';
import { PrismaClient } from './generated/client';
import { describeDatabaseFailure, isDatabaseUnavailable } from './unavailable';

// The errors are the real ones: a Prisma client (pg adapter) against a closed port, a server that never answers,
// and the test database behind a relay that drops every connection on cue.
const databaseUrl = () => process.env.DATABASE_URL!;
const failure = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (e: unknown) => e,
  );

function clientAt(url: string, connectionTimeoutMillis = 3000): Db {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 2, connectionTimeoutMillis }) });
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

const withPort = (url: string, port: number) => {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(port);
  return u.toString();
};

/** Forwards to the test database until `cut()`: then every connection is dropped and new ones are reset. */
async function relay() {
  const target = new URL(databaseUrl());
  const sockets = new Set<Socket>();
  let cut = false;
  const server = createServer((client) => {
    client.on('error', () => undefined);
    if (cut) return void client.resetAndDestroy();
    const upstream = createConnection({ host: target.hostname, port: Number(target.port || 5432) });
    upstream.on('error', () => undefined);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.once('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  const port = await listen(server);
  return {
    url: withPort(databaseUrl(), port),
    cut() {
      cut = true;
      for (const s of sockets) s.destroy();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const silent: Server[] = [];
let db: Db;

beforeAll(() => {
  db = createPrismaClient(databaseUrl());
});

afterAll(async () => {
  await db.$disconnect();
  for (const s of silent) s.close();
});

describe('isDatabaseUnavailable (what Prisma 7 with the pg adapter really throws)', () => {
  it('recognises a refused connection, on plain queries, raw queries and transactions', async () => {
    const closed = createServer();
    const port = await listen(closed);
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const client = clientAt(withPort(databaseUrl(), port));
    const errors = [
      await failure(client.category.findMany()),
      await failure(client.$queryRawUnsafe('SELECT 1')),
      await failure(client.$transaction(async (tx) => tx.category.count())),
    ];
    await client.$disconnect();
    for (const error of errors) expect(isDatabaseUnavailable(error), String(error)).toBe(true);
  });

  it('recognises a connect that times out against a server that never answers', async () => {
    const hung = createServer(() => undefined);
    silent.push(hung);
    const client = clientAt(withPort(databaseUrl(), await listen(hung)), 300);
    const errors = [
      await failure(client.category.findMany()),
      await failure(client.$transaction(async (tx) => tx.category.count())),
    ];
    await client.$disconnect().catch(() => undefined);
    for (const error of errors) expect(isDatabaseUnavailable(error), String(error)).toBe(true);
  });

  it('recognises connections dropped while in use: queries, raw queries, batches and transactions', async () => {
    const proxy = await relay();
    const client = clientAt(proxy.url);
    await client.category.count();
    const inFlight = failure(client.$queryRawUnsafe('SELECT pg_sleep(5)'));
    const midTransaction = failure(
      client.$transaction(async (tx) => {
        await tx.category.count();
        await new Promise((r) => setTimeout(r, 400));
        return tx.category.count();
      }),
    );
    await new Promise((r) => setTimeout(r, 150));
    proxy.cut();
    const errors = [
      await inFlight,
      await midTransaction,
      await failure(client.category.findMany()),
      await failure(client.$queryRawUnsafe('SELECT 4242')),
      await failure(client.$transaction([client.category.count()])),
    ];
    await client.$disconnect().catch(() => undefined);
    await proxy.close();
    for (const error of errors) expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    // The log line names the failure, never the statement.
    for (const error of errors) expect(describeDatabaseFailure(error)).not.toMatch(/4242|pg_sleep|SELECT|\n/);
  });

  it('recognises a server terminating the session (SQLSTATE 57P01, as in a shutdown or failover)', async () => {
    const error = await failure(
      db.$transaction(async (tx) => {
        const [{ pid }] = await tx.$queryRawUnsafe<{ pid: number }[]>('SELECT pg_backend_pid() AS pid');
        await db.$queryRawUnsafe('SELECT pg_terminate_backend($1)', pid);
        return tx.category.count();
      }),
    );
    expect(error).not.toBeNull();
    expect(isDatabaseUnavailable(error), String(error)).toBe(true);
  });

  it("leaves every other failure alone: constraint violations, bad SQL, bugs, other clients' network errors", async () => {
    const slug = `unavailable-test-${Date.now()}`;
    await db.company.create({ data: { slug, name: 'Unavailable test' } });
    const duplicate = await failure(db.company.create({ data: { slug, name: 'Unavailable test' } }));
    const badSql = await failure(db.$queryRawUnsafe('SELEC 1'));
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), {
      code: 'ECONNREFUSED',
      syscall: 'connect',
      errno: -111,
    });
    const others = [
      duplicate,
      badSql,
      new Error('boom'),
      new TypeError('fetch failed', { cause: refused }),
      new StorageUnavailable('Object storage PUT failed.', { cause: refused }),
      { code: 'P2002' },
      null,
      'Connection terminated unexpectedly!',
    ];
    expect(duplicate).not.toBeNull();
    expect(badSql).not.toBeNull();
    for (const error of others) expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    // pg's own bare socket error (the pool connecting) is the database's.
    expect(isDatabaseUnavailable(refused)).toBe(true);
  });
});

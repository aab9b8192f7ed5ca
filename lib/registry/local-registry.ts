import { randomUUID, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type RegistryRecord, recordProblem } from './payload';

/**
 * A registry with the HTTP surface `httpRegistryClient` speaks, for development and tests: `npm run dev` (and the
 * embedded demo) start one in-process on loopback, tests start their own. It keeps registrations in memory (and in
 * `file` when given, so a restarted development server still knows them). `failureRate` makes that share of
 * answers fail with 503, half of them after the change was made (an answer lost on the way back), which is what
 * a retrying client must survive without registering twice.
 */
export interface LocalRegistryOptions {
  /** The bearer credential it requires; none when unset. */
  token?: string;
  port?: number;
  file?: string;
  failureRate?: number;
  random?: () => number;
}

export interface StoredRegistration {
  registrationId: string;
  record: RegistryRecord;
  createdAt: string;
  updatedAt: string;
  /** Updates accepted after the create. */
  updates: number;
}

export interface LocalRegistry {
  url: string;
  /** Registrations by id. */
  registrations: ReadonlyMap<string, StoredRegistration>;
  /** Creates made (a replayed idempotency key is not one). */
  creates(): number;
  /** Answers failed on purpose. */
  failuresInjected(): number;
  close(): Promise<void>;
}

const BODY_MAX = 64 * 1024;

function answer(res: ServerResponse, status: number, body: unknown) {
  const bytes = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(bytes) });
  res.end(bytes);
}

const failure = (res: ServerResponse, status: number, message: string) => answer(res, status, { error: { message } });

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > BODY_MAX) throw new Error('too large');
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

function authorized(req: IncomingMessage, token: string | undefined): boolean {
  if (!token) return true;
  const given = Buffer.from(req.headers.authorization ?? '');
  const wanted = Buffer.from(`Bearer ${token}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export async function startLocalRegistry(options: LocalRegistryOptions = {}): Promise<LocalRegistry> {
  const { token, file, failureRate = 0, random = Math.random } = options;
  const registrations = new Map<string, StoredRegistration>();
  const byKey = new Map<string, string>();
  const byIdentifier = new Map<string, string>();
  let creates = 0;
  let injected = 0;

  if (file && existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as {
      registrations: StoredRegistration[];
      keys: [string, string][];
    };
    for (const r of saved.registrations) {
      registrations.set(r.registrationId, r);
      byIdentifier.set(r.record.uniqueProductIdentifier, r.registrationId);
    }
    for (const [key, id] of saved.keys) byKey.set(key, id);
  }
  const persist = () => {
    if (!file) return;
    const saved = { registrations: [...registrations.values()], keys: [...byKey.entries()] };
    writeFileSync(`${file}.tmp`, JSON.stringify(saved));
    renameSync(`${file}.tmp`, file);
  };

  /** 'before': fail without acting; 'after': act, then fail the answer; null: answer truly. */
  const injectedFailure = (): 'before' | 'after' | null => {
    if (failureRate <= 0 || random() >= failureRate) return null;
    injected += 1;
    return random() < 0.5 ? 'before' : 'after';
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://registry.local');
    if (!authorized(req, token)) return failure(res, 401, 'missing or wrong credential');
    const match = /^\/registrations(?:\/([^/]+))?$/.exec(url.pathname);
    if (!match) return failure(res, 404, 'no such resource');
    const id = match[1] ? decodeURIComponent(match[1]) : null;
    if (req.method === 'GET') {
      if (!id) return answer(res, 200, { registrations: [...registrations.values()] });
      const found = registrations.get(id);
      return found ? answer(res, 200, found) : failure(res, 404, 'no such registration');
    }
    if ((req.method === 'POST' && id) || (req.method === 'PUT' && !id) || !['POST', 'PUT'].includes(req.method ?? ''))
      return failure(res, 405, 'method not allowed');
    let body: unknown;
    try {
      body = await readBody(req);
    } catch {
      return failure(res, 400, 'the body is not JSON of at most 64 KiB');
    }
    const problem = recordProblem(body);
    if (problem) return failure(res, 422, `invalid registration: ${problem}`);
    const record = body as RegistryRecord;
    const fault = injectedFailure();
    if (fault === 'before') return failure(res, 503, 'injected failure');
    const now = new Date().toISOString();
    let status = 200;
    let stored: StoredRegistration;
    if (req.method === 'POST') {
      const key = req.headers['idempotency-key'];
      if (typeof key !== 'string' || key.length === 0 || key.length > 200)
        return failure(res, 400, 'an Idempotency-Key header is required');
      const replayed = byKey.get(key);
      const holder = byIdentifier.get(record.uniqueProductIdentifier);
      if (replayed) stored = registrations.get(replayed)!;
      else if (holder) return failure(res, 409, `the identifier is registered already (${holder})`);
      else {
        stored = { registrationId: randomUUID(), record, createdAt: now, updatedAt: now, updates: 0 };
        registrations.set(stored.registrationId, stored);
        byKey.set(key, stored.registrationId);
        byIdentifier.set(record.uniqueProductIdentifier, stored.registrationId);
        creates += 1;
        status = 201;
      }
    } else {
      const existing = id ? registrations.get(id) : undefined;
      if (!existing) return failure(res, 404, 'no such registration');
      if (existing.record.uniqueProductIdentifier !== record.uniqueProductIdentifier)
        return failure(res, 422, 'the unique product identifier of a registration cannot change');
      stored = { ...existing, record, updatedAt: now, updates: existing.updates + 1 };
      registrations.set(stored.registrationId, stored);
    }
    persist();
    if (fault === 'after') return failure(res, 503, 'injected failure');
    return answer(res, status, { registrationId: stored.registrationId });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => failure(res, 500, 'local registry error'));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    registrations,
    creates: () => creates,
    failuresInjected: () => injected,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServiceError } from '../errors';
import { statusOf } from '../http/error-codes';
import { s3Storage } from './s3-storage';
import { StorageUnavailable, storageFailure } from './storage';

/** A fake S3 on loopback: PUT/GET/DELETE on /<bucket>/<key>, SigV4 required, and 500/503 on cue. */
const objects = new Map<string, Buffer>();
const seen: { method: string; path: string; authorization: string }[] = [];
let failWith: number | null = null;
/** `hang`: never answer; `stall`: answer a GET with its headers and half the body, then nothing more. */
let misbehave: 'hang' | 'stall' | null = null;
let server: Server;
let endpoint: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const authorization = req.headers.authorization ?? '';
      seen.push({ method: req.method ?? '', path: req.url ?? '', authorization });
      if (!authorization.startsWith('AWS4-HMAC-SHA256 '))
        return void res.writeHead(403).end('<Error>AccessDenied</Error>');
      if (failWith) return void res.writeHead(failWith).end('<Error>SlowDown</Error>');
      if (misbehave === 'hang') return;
      if (misbehave === 'stall') return void res.writeHead(200, { 'content-length': 1000 }).write(Buffer.alloc(500, 1));
      const path = req.url ?? '';
      if (req.method === 'PUT') objects.set(path, Buffer.concat(chunks));
      else if (req.method === 'GET') {
        const object = objects.get(path);
        return void (object
          ? res.writeHead(200, { 'content-length': object.length }).end(object)
          : res.writeHead(404).end('<Error>NoSuchKey</Error>'));
      } else if (req.method === 'DELETE') objects.delete(path);
      res.writeHead(req.method === 'DELETE' ? 204 : 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);
beforeEach(() => {
  failWith = null;
  misbehave = null;
  seen.length = 0;
});

const storage = (options: { timeoutMs?: number } = {}) =>
  s3Storage({
    endpoint,
    bucket: 'evidence',
    region: 'eu-central-1',
    accessKeyId: 'AKIDTEST',
    secretAccessKey: 'secret',
    ...options,
  });
const key = () => crypto.randomUUID();
const read = async (body: ReadableStream<Uint8Array> | Uint8Array | null) =>
  body instanceof Uint8Array || body === null ? body : new Uint8Array(await new Response(body).arrayBuffer());

describe('S3-compatible document storage (storage interface promise)', () => {
  it('puts, gets and deletes objects under /<bucket>/<key> with SigV4-signed requests', async () => {
    const k = key();
    const bytes = new TextEncoder().encode('%PDF-1.4 evidence');
    await storage().put(k, bytes);
    expect(await read(await storage().get(k))).toEqual(bytes);
    await storage().delete(k);
    expect(await storage().get(k)).toBeNull();
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      `PUT /evidence/${k}`,
      `GET /evidence/${k}`,
      `DELETE /evidence/${k}`,
      `GET /evidence/${k}`,
    ]);
    for (const s of seen)
      expect(s.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/eu-central-1\/s3\/aws4_request/);
  });

  it('maps a 500 or 503 on write to a retryable 502 UPLOAD_FAILED, and on read to 502 DOWNLOAD_FAILED', async () => {
    for (const status of [500, 503]) {
      failWith = status;
      const write = await storage()
        .put(key(), new Uint8Array([1]))
        .catch((e) => e);
      expect(write).toBeInstanceOf(StorageUnavailable);
      const mappedWrite = storageFailure(write, 'write') as ServiceError;
      expect([mappedWrite.code, statusOf(mappedWrite.code)]).toEqual(['UPLOAD_FAILED', 502]);
      const readError = await storage()
        .get(key())
        .catch((e) => e);
      const mappedRead = storageFailure(readError, 'read') as ServiceError;
      expect([mappedRead.code, statusOf(mappedRead.code)]).toEqual(['DOWNLOAD_FAILED', 502]);
    }
  });

  it('maps an unreachable endpoint to StorageUnavailable too', async () => {
    const down = s3Storage({
      endpoint: 'http://127.0.0.1:1',
      bucket: 'b',
      region: 'us-east-1',
      accessKeyId: 'a',
      secretAccessKey: 's',
    });
    await expect(down.put(key(), new Uint8Array([1]))).rejects.toBeInstanceOf(StorageUnavailable);
  });
});

describe('answers whose body never settles when cancelled', () => {
  // What GET answers did inside the Next server: cancel() pending until the request was aborted.
  const stubborn = (status: number) => async (_input: RequestInfo | URL, init?: RequestInit) => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('<Error><Code>NoSuchKey</Code></Error>'));
        controller.close();
      },
      cancel: () => new Promise<void>((resolve) => init?.signal?.addEventListener('abort', () => resolve())),
    });
    return new Response(body, { status });
  };
  const over = (status: number) =>
    s3Storage({
      endpoint,
      bucket: 'b',
      region: 'us-east-1',
      accessKeyId: 'a',
      secretAccessKey: 's',
      timeoutMs: 5_000,
      fetch: stubborn(status) as typeof fetch,
    });

  it('answers a missing object (404) and a failing store (500) at once, not after the timeout', async () => {
    const started = Date.now();
    expect(await over(404).get(key())).toBeNull();
    await expect(over(500).get(key())).rejects.toBeInstanceOf(StorageUnavailable);
    await expect(over(500).put(key(), new Uint8Array([1]))).rejects.toBeInstanceOf(StorageUnavailable);
    await expect(over(404).delete(key())).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('a hung object store (OBJECT_STORAGE_TIMEOUT_MS)', () => {
  const bounded = () => storage({ timeoutMs: 300 });
  const timed = async (work: Promise<unknown>) => {
    const started = Date.now();
    const error = await work.then(
      () => null,
      (e: unknown) => e,
    );
    return { error, ms: Date.now() - started };
  };

  it('fails a PUT, GET or DELETE that gets no answer within the timeout, as a retryable storage failure', async () => {
    misbehave = 'hang';
    for (const call of [
      () => bounded().put(key(), new Uint8Array([1])),
      () => bounded().get(key()),
      () => bounded().delete(key()),
    ]) {
      const { error, ms } = await timed(call());
      expect(error).toBeInstanceOf(StorageUnavailable);
      expect(ms).toBeGreaterThanOrEqual(250);
      expect(ms).toBeLessThan(5_000);
    }
  });

  it('fails a download whose body stops coming, instead of holding the stream open', async () => {
    misbehave = 'stall';
    const body = await bounded().get(key());
    const { error, ms } = await timed(read(body));
    expect(error).toBeInstanceOf(StorageUnavailable);
    expect(ms).toBeLessThan(5_000);
  });

  it('lets a download that keeps coming take longer than the timeout in total', async () => {
    const k = key();
    const bytes = new Uint8Array(256 * 1024).fill(7);
    await bounded().put(k, bytes);
    const body = (await bounded().get(k)) as ReadableStream<Uint8Array>;
    const reader = body.getReader();
    let total = 0;
    const started = Date.now();
    for (let chunk = 0; ; chunk++) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      // A slow client: the clock must not run while the store has nothing to do.
      if (chunk === 0) await new Promise((r) => setTimeout(r, 600));
    }
    expect(total).toBe(bytes.byteLength);
    expect(Date.now() - started).toBeGreaterThan(600);
  });
});

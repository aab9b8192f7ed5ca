// An S3-compatible object store on loopback for the suites (DOCUMENT_STORAGE=s3, S3_ENDPOINT at it): PUT, GET and
// DELETE of /<bucket>/<key>, path-style, and ListObjectsV2 (`GET /<bucket>/?list-type=2`, prefix, delimiter,
// max-keys and continuation tokens). It does not check SigV4 signatures. Its mode is the fault: `ok` serves,
// `error` answers 500 InternalError, `reset` resets each connection as it arrives, `hang` takes the request and
// never answers (a store that is up but stuck).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export type FakeS3Mode = 'ok' | 'error' | 'reset' | 'hang';

export interface FakeS3 {
  url: string;
  bucket: string;
  /** Stored objects by key. */
  objects: Map<string, Buffer>;
  /** Every request that arrived: method, key and the mode it met. */
  requests: { method: string; key: string; mode: FakeS3Mode }[];
  mode(): FakeS3Mode;
  set(mode: FakeS3Mode): void;
  close(): Promise<void>;
}

export async function startFakeS3(bucket = 'evidence'): Promise<FakeS3> {
  let mode: FakeS3Mode = 'ok';
  const objects = new Map<string, Buffer>();
  const requests: FakeS3['requests'] = [];
  const sockets = new Set<Socket>();
  const prefix = `/${bucket}/`;

  const keyOf = (req: IncomingMessage) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://s3').pathname);
    return path.startsWith(prefix) ? path.slice(prefix.length) : '';
  };

  const handle = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const key = keyOf(req);
    const method = req.method ?? 'GET';
    requests.push({ method, key, mode });
    if (mode === 'hang') return;
    if (mode === 'reset') return void req.socket.resetAndDestroy();
    const xml = (status: number, code: string) =>
      res
        .writeHead(status, { 'content-type': 'application/xml' })
        .end(`<?xml version="1.0"?><Error><Code>${code}</Code></Error>`);
    if (mode === 'error') return xml(500, 'InternalError');
    const query = new URL(req.url ?? '/', 'http://s3').searchParams;
    if (!key && method === 'GET' && query.get('list-type') === '2') return list(res, query);
    if (!key) return xml(400, 'InvalidRequest');
    if (method === 'PUT') {
      objects.set(key, body);
      return void res.writeHead(200, { etag: '"fake"' }).end();
    }
    if (method === 'GET') {
      const object = objects.get(key);
      if (!object) return xml(404, 'NoSuchKey');
      return void res
        .writeHead(200, { 'content-length': object.length, 'content-type': 'application/octet-stream' })
        .end(object);
    }
    if (method === 'DELETE') {
      objects.delete(key);
      return void res.writeHead(204).end();
    }
    xml(405, 'MethodNotAllowed');
  };

  /** ListObjectsV2: keys and common prefixes in key order, `max-keys` at a time, the token the next key. */
  const list = (res: ServerResponse, query: URLSearchParams) => {
    const prefix = query.get('prefix') ?? '';
    const delimiter = query.get('delimiter');
    const max = Number(query.get('max-keys') ?? 1000);
    const after = query.get('continuation-token') ?? '';
    const entries = new Set<string>();
    for (const key of [...objects.keys()].sort()) {
      if (!key.startsWith(prefix)) continue;
      const rest = key.slice(prefix.length);
      const cut = delimiter ? rest.indexOf(delimiter) : -1;
      entries.add(cut >= 0 ? `${prefix}${rest.slice(0, cut + delimiter!.length)}` : key);
    }
    const all = [...entries].filter((e) => e > after);
    const page = all.slice(0, max);
    const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?><ListBucketResult>',
      `<Prefix>${xmlText(prefix)}</Prefix><IsTruncated>${all.length > max}</IsTruncated>`,
      ...(all.length > max ? [`<NextContinuationToken>${xmlText(page.at(-1)!)}</NextContinuationToken>`] : []),
      ...page.map((e) =>
        delimiter && e.endsWith(delimiter)
          ? `<CommonPrefixes><Prefix>${xmlText(e)}</Prefix></CommonPrefixes>`
          : `<Contents><Key>${xmlText(e)}</Key></Contents>`,
      ),
      '</ListBucketResult>',
    ].join('');
    res.writeHead(200, { 'content-type': 'application/xml' }).end(body);
  };

  const server = createServer((req, res) => {
    // A reset must come before the body is read, as a store dropping connections would.
    if (mode === 'reset') {
      requests.push({ method: req.method ?? 'GET', key: keyOf(req), mode });
      return void req.socket.resetAndDestroy();
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks)));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    objects,
    requests,
    mode: () => mode,
    set(next) {
      mode = next;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

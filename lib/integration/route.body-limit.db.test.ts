import { afterAll, describe, expect, it } from 'vitest';
import { buildRequest, executions, PROBE_EVENT, signedWrite, tenant } from '../../testing/integration-route';
import { disconnectPrisma, prisma, type Tx } from '../db/client';
import { defineEndpoint } from './endpoint';
import { json } from './respond';
import { integrationRoute } from './route';

afterAll(() => disconnectPrisma());

const LIMIT = 1000;
const probeUpload = defineEndpoint({
  method: 'POST',
  path: '/api/v1/probe/upload',
  operationId: 'probeUpload',
  summary: 'Upload probe',
  tag: 'Probe',
  scope: 'document:write',
  body: 'multipart',
  maxBodyBytes: LIMIT,
  response: { status: 201, description: 'Stored' },
});
const uploadRoute = integrationRoute(probeUpload, async ({ ctx, db, rawBody }) => {
  await (db as Tx).auditLog.create({
    data: {
      companyId: ctx.companyId,
      eventType: PROBE_EVENT,
      actorRole: 'Integration',
      eventChannel: 'API',
      eventContext: {},
    },
  });
  return json({ bytes: rawBody.length }, 201);
});

/** A body of `chunks` chunks of 256 bytes with no Content-Length; counts how many chunks the server pulled. */
function streamedRequest(key: { key: string; signingSecret: string }, chunks: number) {
  const signed = buildRequest({
    path: '/api/v1/probe/upload',
    apiKey: key.key,
    signingSecret: key.signingSecret,
    rawBody: 'x',
    contentType: 'multipart/form-data; boundary=x',
  });
  const pulled = { count: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.count === chunks) return controller.close();
      pulled.count++;
      controller.enqueue(new Uint8Array(256).fill(120));
    },
    cancel() {
      pulled.cancelled = true;
    },
  });
  const request = new Request(signed.url, {
    method: 'POST',
    headers: signed.headers,
    body,
    duplex: 'half',
  } as RequestInit);
  return { request, pulled };
}

const run = (request: Request) => uploadRoute(request, { params: Promise.resolve({}) });

describe('the write body size limit, enforced before the body is buffered', () => {
  it('refuses a declared Content-Length over a multipart limit with 422 FILE_INVALID, executing nothing', async () => {
    const { company, key } = await tenant({ scopes: ['document:write'] });
    const { request } = streamedRequest(key, 1);
    request.headers.set('content-length', String(LIMIT + 1));
    const res = await run(request);
    expect([res.status, (await res.json()).error.code]).toEqual([422, 'FILE_INVALID']);
    expect(await executions(company.id)).toBe(0);
  });

  it('stops reading a streamed body (and cancels it) as soon as it passes the limit', async () => {
    const { company, key } = await tenant({ scopes: ['document:write'] });
    const { request, pulled } = streamedRequest(key, 1000);
    const res = await run(request);
    const body = await res.json();
    expect([res.status, body.error.code]).toEqual([422, 'FILE_INVALID']);
    expect(body.error.details).toEqual({ maxBytes: LIMIT });
    expect(pulled.count).toBeLessThanOrEqual(Math.ceil(LIMIT / 256) + 2);
    expect(pulled.cancelled).toBe(true);
    expect(await executions(company.id)).toBe(0);
    expect(await prisma.idempotencyRecord.count({ where: { apiKeyId: key.id } })).toBe(0);
  });

  it('reads a body within the limit in full', async () => {
    const { key } = await tenant({ scopes: ['document:write'] });
    const raw = `--x\r\nContent-Disposition: form-data; name="title"\r\n\r\n${'y'.repeat(800)}\r\n--x--\r\n`;
    const request = buildRequest({
      path: '/api/v1/probe/upload',
      apiKey: key.key,
      signingSecret: key.signingSecret,
      rawBody: raw.slice(0, LIMIT),
      contentType: 'multipart/form-data; boundary=x',
    });
    const res = await run(request);
    expect([res.status, (await res.json()).bytes]).toEqual([201, Math.min(raw.length, LIMIT)]);
  });

  it('refuses a JSON write over the default 1 MiB with 400 MALFORMED_BODY', async () => {
    const { company, key } = await tenant();
    const res = await signedWrite(key, { body: { name: 'big', details: { blob: 'z'.repeat(1024 * 1024) } } });
    expect([res.status, res.body.error.code]).toEqual([400, 'MALFORMED_BODY']);
    expect(await executions(company.id)).toBe(0);
  });
});

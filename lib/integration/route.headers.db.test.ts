import { afterAll, describe, expect, it } from 'vitest';
import {
  anyKeyRoute,
  call,
  liveOnlyRoute,
  readRoute,
  redirectRoute,
  signedWrite,
  tenant,
} from '../../testing/integration-route';
import { disconnectPrisma, prisma } from '../db/client';
import { EDGE_RATE_LIMIT_HEADER } from '../http/rate-limit';

afterAll(() => disconnectPrisma());

const DAY = 86_400_000;
const edge = { [EDGE_RATE_LIMIT_HEADER]: 'limit=120, remaining=117, reset=42' };

function expectEnvelope(res: { status: number; body: any; headers: Headers }) {
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(Object.keys(res.body)).toEqual(['error']);
  expect(typeof res.body.error.code).toBe('string');
  expect(typeof res.body.error.message).toBe('string');
  expect(res.body.error.requestId).toBe(res.headers.get('x-service-request-id'));
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
}

describe('promise 5: headers and the error envelope on every answer', () => {
  it('sends X-Service-Request-Id (the middleware id), X-Service-Mode and RateLimit-* on success and on errors', async () => {
    const live = await tenant();
    const sandbox = await tenant({ mode: 'test', scopes: ['category:read'] });
    const answers = [
      { res: await call(readRoute, { method: 'GET', apiKey: live.key.key }), mode: 'live' },
      { res: await signedWrite(live.key, { body: { name: 'h' } }), mode: 'live' },
      { res: await signedWrite(live.key, { body: { name: 9 } }), mode: 'live' },
      { res: await call(anyKeyRoute, { method: 'GET', apiKey: sandbox.key.key }), mode: 'test' },
      { res: await call(readRoute, { method: 'GET', apiKey: sandbox.key.key }), mode: 'test' },
      { res: await call(liveOnlyRoute, { method: 'GET', apiKey: sandbox.key.key }), mode: 'test' },
    ];
    for (const { res, mode } of answers) {
      expect(res.headers.get('x-service-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers.get('x-service-mode')).toBe(mode);
      for (const name of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'])
        expect(res.headers.get(name)).toMatch(/^\d+$/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      if (res.status >= 400) expectEnvelope(res);
    }
    expect(answers[4].res.body.error).toMatchObject({
      code: 'FORBIDDEN_SCOPE',
      details: { requiredScope: 'dpp:read' },
    });
    // Live-only is judged before scope: a sandbox key hears CROSS_MODE_DENIED whatever its scopes.
    expect(answers[5].res.body.error.code).toBe('CROSS_MODE_DENIED');
    const requestId = crypto.randomUUID();
    const echoed = await call(readRoute, { method: 'GET', apiKey: live.key.key, requestId });
    expect(echoed.headers.get('x-service-request-id')).toBe(requestId);
  });

  it('answers a sandbox key on a live-only operation 403 CROSS_MODE_DENIED', async () => {
    const sandbox = await tenant({ mode: 'test', scopes: ['dpp:read'] });
    const res = await call(liveOnlyRoute, { method: 'GET', apiKey: sandbox.key.key });
    expect([res.status, res.body.error.code]).toEqual([403, 'CROSS_MODE_DENIED']);
  });

  it('puts the edge RateLimit values on a 401, the envelope too, and the mode the key prefix claims', async () => {
    const requestId = crypto.randomUUID();
    const res = await call(readRoute, { method: 'GET', apiKey: null, headers: edge, requestId });
    expect(res.status).toBe(401);
    expectEnvelope(res);
    expect(res.body.error.requestId).toBe(requestId);
    expect([
      res.headers.get('ratelimit-limit'),
      res.headers.get('ratelimit-remaining'),
      res.headers.get('ratelimit-reset'),
    ]).toEqual(['120', '117', '42']);
    const unknownTest = await call(readRoute, { method: 'GET', apiKey: `pk_test_${'b'.repeat(32)}`, headers: edge });
    expect([unknownTest.status, unknownTest.headers.get('x-service-mode')]).toEqual([401, 'test']);
    expect(res.headers.get('x-service-mode')).toBe('live');
  });

  it('sends the tightest of the edge and the per-key limit once the key is known', async () => {
    const { key } = await tenant();
    const roomy = await call(readRoute, { method: 'GET', apiKey: key.key, headers: edge });
    expect([roomy.headers.get('ratelimit-limit'), roomy.headers.get('ratelimit-remaining')]).toEqual(['100', '99']);
    const tight = { [EDGE_RATE_LIMIT_HEADER]: 'limit=120, remaining=3, reset=42' };
    const edgeBound = await call(readRoute, { method: 'GET', apiKey: key.key, headers: tight });
    expect([edgeBound.headers.get('ratelimit-limit'), edgeBound.headers.get('ratelimit-remaining')]).toEqual([
      '120',
      '3',
    ]);
  });

  it('warns with Warning: 299 when the key is older than 90 days or expires within 14 days, and not otherwise', async () => {
    const { key } = await tenant();
    const warningOf = async () => (await call(readRoute, { method: 'GET', apiKey: key.key })).headers.get('warning');
    expect(await warningOf()).toBeNull();
    await prisma.$executeRaw`UPDATE "ApiKey" SET "createdAt" = now() - interval '89 days' WHERE id = ${key.id}::uuid`;
    expect(await warningOf()).toBeNull();
    await prisma.$executeRaw`UPDATE "ApiKey" SET "createdAt" = now() - interval '91 days' WHERE id = ${key.id}::uuid`;
    expect(await warningOf()).toMatch(/^299 - ".*90 days.*"$/);
    await prisma.apiKey.update({
      where: { id: key.id },
      data: { createdAt: new Date(), expiresAt: new Date(Date.now() + 15 * DAY) },
    });
    expect(await warningOf()).toBeNull();
    await prisma.apiKey.update({ where: { id: key.id }, data: { expiresAt: new Date(Date.now() + 13 * DAY) } });
    expect(await warningOf()).toMatch(/^299 - "This API key expires in 13 day\(s\) .*"$/);
    const refused = await signedWrite(key, { body: { name: 3 } });
    expect([refused.status, refused.headers.get('warning')?.startsWith('299 ')]).toEqual([400, true]);
  });

  it('decorates a handler answer whose headers are immutable (a redirect) instead of failing', async () => {
    const { key } = await tenant();
    const res = await call(redirectRoute, { method: 'GET', apiKey: key.key });
    expect([res.status, res.headers.get('location'), res.headers.get('x-service-mode')]).toEqual([
      302,
      'https://storage.example/file',
      'live',
    ]);
    expect(res.headers.get('x-service-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('names the Bearer scheme in WWW-Authenticate on every 401', async () => {
    const { key } = await tenant({ allowedCidrs: ['10.0.0.0/8'] });
    const outside = await call(readRoute, { method: 'GET', apiKey: key.key });
    const { key: writer } = await tenant();
    const unsigned = await signedWrite(writer, { body: { name: 'a' }, signingSecret: null });
    for (const res of [outside, unsigned])
      expect([res.status, res.headers.get('www-authenticate')?.startsWith('Bearer')]).toEqual([401, true]);
  });

  it('renders an unexpected error as a bare 500 INTERNAL_ERROR envelope that leaks nothing', async () => {
    const { key } = await tenant();
    const res = await signedWrite(key, { body: { name: 'explode' } });
    expectEnvelope(res);
    expect(res.body.error.code).toBe('INTERNAL_ERROR');
    expect(res.text).not.toContain('probe exploded');
    expect(res.headers.get('x-service-mode')).toBe('live');
  });
});

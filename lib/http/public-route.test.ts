import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RateLimitResult } from './rate-limit';

const own = vi.hoisted(() => ({ result: undefined as RateLimitResult | undefined, calls: [] as string[][] }));
vi.mock('./rate-limit', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./rate-limit')>()),
  limit: async (policy: string, address: string) => {
    own.calls.push([policy, address]);
    return own.result!;
  },
}));

const { conditionalResponse, publicRoute, strongEtag } = await import('./public-route');
const { ServiceError } = await import('../errors');

const ok = async () => new Response('{}', { status: 200 });
const params = { params: Promise.resolve({ slug: 'x' }) };
const get = (headers: Record<string, string> = {}) => new Request('http://svc/api/dpp/x', { headers });

beforeEach(() => {
  own.calls = [];
  own.result = { success: true, limit: 100, remaining: 42, resetSeconds: 30 };
});

describe('publicRoute', () => {
  it('applies the dpp limit per client address and sends the tightest of it and the edge result', async () => {
    const res = await publicRoute({ limit: 'dpp' }, ok)(
      get({ 'x-service-client-ip': '198.51.100.7', 'x-service-edge-rate-limit': 'limit=120, remaining=110, reset=30' }),
      params,
    );
    expect(own.calls).toEqual([['dpp', '198.51.100.7']]);
    expect(res.headers.get('RateLimit-Limit')).toBe('100');
    expect(res.headers.get('RateLimit-Remaining')).toBe('42');
  });

  it('reports the edge limit when the edge is closer to refusing than the route', async () => {
    const res = await publicRoute({ limit: 'dpp' }, ok)(
      get({ 'x-service-edge-rate-limit': 'limit=120, remaining=3, reset=30' }),
      params,
    );
    expect(res.headers.get('RateLimit-Limit')).toBe('120');
    expect(res.headers.get('RateLimit-Remaining')).toBe('3');
  });

  it('refuses with 429 flat RATE_LIMITED and Retry-After without running the handler', async () => {
    own.result = { success: false, limit: 100, remaining: 0, resetSeconds: 17 };
    const handler = vi.fn(ok);
    const res = await publicRoute({ limit: 'dpp' }, handler)(get(), params);
    expect(handler).not.toHaveBeenCalled();
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toBe('17');
    expect(res.headers.get('RateLimit-Remaining')).toBe('0');
    expect(await res.json()).toEqual({ error: expect.any(String), code: 'RATE_LIMITED', details: {} });
  });

  it('puts RateLimit-* on error answers too', async () => {
    const res = await publicRoute({ limit: 'dpp' }, async () => {
      throw new ServiceError('PRODUCT_NOT_FOUND', 'No such passport.');
    })(get(), params);
    expect(res.status).toBe(404);
    expect(res.headers.get('RateLimit-Limit')).toBe('100');
  });

  it('without a limit of its own, leaves RateLimit-* to the middleware', async () => {
    const res = await publicRoute({}, ok)(get(), params);
    expect(own.calls).toEqual([]);
    expect(res.headers.get('RateLimit-Limit')).toBeNull();
    expect(res.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('turns an unexpected error into a bare 500 that reveals nothing', async () => {
    const res = await publicRoute({}, async () => {
      throw new Error('connection to 10.0.0.5:5432 refused');
    })(get(), params);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('10.0.0.5');
    expect(JSON.parse(text).code).toBe('INTERNAL_ERROR');
  });
});

describe('conditionalResponse', () => {
  it('answers 304 without a body when If-None-Match names the strong ETag (weakly compared, lists and *)', async () => {
    const etag = strongEtag('{"a":1}');
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = conditionalResponse(get({ 'If-None-Match': header }), '{"a":1}', {
        'Content-Type': 'application/json',
        'Cache-Control': 'no-cache',
      });
      expect(res.status, header).toBe(304);
      expect(await res.text()).toBe('');
      expect(res.headers.get('ETag')).toBe(etag);
      expect(res.headers.get('Cache-Control')).toBe('no-cache');
    }
    expect(conditionalResponse(get({ 'If-None-Match': '"other"' }), '{"a":1}', {}).status).toBe(200);
  });
});

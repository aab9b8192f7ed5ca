import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMiddleware, type MiddlewareDeps } from '@/lib/http/middleware/handle-request';
import type { RateLimitResult } from '@/lib/http/rate-limit';

const REQUEST_ID = '7d1c6f0e-2b7a-4e55-9a51-0c7c1d2e3f40';
const passing: RateLimitResult = { success: true, limit: 120, remaining: 119, resetSeconds: 42 };
const refused: RateLimitResult = { success: false, limit: 120, remaining: 0, resetSeconds: 17 };
const backendDown: RateLimitResult = { success: false, limit: 120, remaining: 0, resetSeconds: 5, failure: true };

function setup(edge: RateLimitResult = passing, flags = { integrationApi: true, bmsIngestion: true }) {
  const limitEdge = vi.fn<MiddlewareDeps['limitEdge']>(async () => edge);
  const middleware = createMiddleware({ limitEdge, flags: () => flags, newRequestId: () => REQUEST_ID });
  const call = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    middleware(new Request(`http://localhost${path}`, init));
  return { call, limitEdge };
}

/** What Next hands the route: NextResponse.next() encodes request-header overrides as x-middleware-request-*. */
const forwardedRequestHeader = (response: Response, name: string) =>
  response.headers.get(`x-middleware-request-${name}`);

afterEach(() => vi.restoreAllMocks());

describe('request ids', () => {
  it('replace a client-sent x-request-id on the request the route sees, on every path', async () => {
    const { call } = setup();
    for (const path of ['/dpp/cell-1', '/api/dpp/cell-1', '/api/v1/products']) {
      const response = await call(path, { headers: { 'x-request-id': 'forged' } });
      expect(response.headers.get('x-middleware-next')).toBe('1');
      expect(forwardedRequestHeader(response, 'x-request-id')).toBe(REQUEST_ID);
    }
  });

  it('go out as X-Request-Id on public and BMS paths and X-Service-Request-Id on the Integration API', async () => {
    const { call } = setup();
    expect((await call('/api/dpp/cell-1')).headers.get('X-Request-Id')).toBe(REQUEST_ID);
    expect((await call('/api/v1/products/p1/bms-update', { method: 'POST' })).headers.get('X-Request-Id')).toBe(
      REQUEST_ID,
    );
    const integration = await call('/api/v1/products');
    expect(integration.headers.get('X-Service-Request-Id')).toBe(REQUEST_ID);
    expect(integration.headers.get('X-Request-Id')).toBeNull();
  });
});

describe('CORS', () => {
  it('answers a preflight on public reads with 204 and does not count it', async () => {
    const { call, limitEdge } = setup();
    const response = await call('/api/dpp/cell-1', { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.get('Access-Control-Allow-Methods')).toBe('GET, OPTIONS');
    expect(limitEdge).not.toHaveBeenCalled();
  });

  it('opens GET /api/dpp/* and GET /api/health to any origin, and nothing under /api/v1', async () => {
    const { call } = setup();
    expect((await call('/api/dpp/cell-1/jsonld')).headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect((await call('/api/health')).headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect((await call('/api/v1/health')).headers.get('Access-Control-Allow-Origin')).toBeNull();
  });
});

describe('edge rate limit', () => {
  it('counts every /api path by the server-set client address, except exactly /api/health', async () => {
    const { call, limitEdge } = setup();
    await call('/api/health');
    await call('/dpp/cell-1');
    expect(limitEdge).not.toHaveBeenCalled();
    await call('/api/v1/health', { headers: { 'x-service-client-ip': '203.0.113.9', 'x-forwarded-for': '1.1.1.1' } });
    expect(limitEdge).toHaveBeenCalledWith('203.0.113.9');
  });

  it('refuses a public path with 429, Retry-After and the flat body', async () => {
    const { call } = setup(refused);
    const response = await call('/api/dpp/cell-1');
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe('17');
    expect(response.headers.get('RateLimit-Remaining')).toBe('0');
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    const body = await response.json();
    expect(body).toEqual({ error: expect.stringMatching(/^Rate limit exceeded/), code: 'RATE_LIMITED', details: {} });
    expect(JSON.stringify(body)).not.toContain('17');
  });

  it('refuses with the Integration envelope on /api/v1 and the BMS shape on the BMS path', async () => {
    const { call } = setup(refused);
    const integration = await (await call('/api/v1/products')).json();
    expect(integration).toEqual({
      error: { code: 'RATE_LIMITED', message: expect.any(String), requestId: REQUEST_ID },
    });
    const bms = await (await call('/api/v1/products/p1/bms-update', { method: 'POST' })).json();
    expect(bms).toEqual({ code: 'RATE_LIMITED', error: expect.any(String) });
  });

  it('answers 429 when the limiter backend failed (fail closed)', async () => {
    const { call } = setup(backendDown);
    const response = await call('/api/dpp/cell-1/jsonld');
    expect([response.status, response.headers.get('Retry-After')]).toEqual([429, '5']);
  });

  it('sets RateLimit-* on responses of routes without a limit of their own', async () => {
    const { call } = setup();
    const response = await call('/api/dpp/cell-1/jsonld');
    expect(response.headers.get('RateLimit-Limit')).toBe('120');
    expect(response.headers.get('RateLimit-Remaining')).toBe('119');
    expect(response.headers.get('RateLimit-Reset')).toBe('42');
  });

  it('leaves RateLimit-* to routes with a tighter limit, handing them the edge result instead', async () => {
    const { call } = setup();
    for (const path of ['/api/dpp/cell-1', '/api/v1/products']) {
      const response = await call(path, {
        headers: { 'x-service-edge-rate-limit': 'limit=999, remaining=999, reset=1' },
      });
      expect(response.headers.get('RateLimit-Limit')).toBeNull();
      expect(forwardedRequestHeader(response, 'x-service-edge-rate-limit')).toBe('limit=120, remaining=119, reset=42');
    }
  });
});

describe('feature flags', () => {
  it('answer 503 FEATURE_DISABLED in the Integration envelope when the Integration API is off', async () => {
    const { call } = setup(passing, { integrationApi: false, bmsIngestion: true });
    const response = await call('/api/v1/health');
    expect(response.status).toBe(503);
    expect(response.headers.get('RateLimit-Limit')).toBe('120');
    expect(await response.json()).toEqual({
      error: { code: 'FEATURE_DISABLED', message: expect.any(String), requestId: REQUEST_ID },
    });
    expect((await call('/api/v1/products/p1/bms-update', { method: 'POST' })).headers.get('x-middleware-next')).toBe(
      '1',
    );
  });

  it('answer 503 FEATURE_FLAG_OFF in the BMS shape when BMS ingestion is off', async () => {
    const { call } = setup(passing, { integrationApi: true, bmsIngestion: false });
    const response = await call('/api/v1/products/p1/bms-update', { method: 'POST' });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ code: 'FEATURE_FLAG_OFF', error: expect.any(String) });
  });
});

describe('body size', () => {
  it('refuses a form post declaring more than 1 MiB with 413 before any route reads it', async () => {
    const { call } = setup();
    for (const path of ['/portal/passports', '/api/auth/callback/credentials', '/api/poli/sign-out']) {
      const response = await call(path, { method: 'POST', headers: { 'content-length': String(1024 * 1024 + 1) } });
      expect(response.status, path).toBe(413);
      expect(response.headers.get('x-middleware-next'), path).toBeNull();
    }
    const small = await call('/portal/passports', { method: 'POST', headers: { 'content-length': '512' } });
    expect(small.headers.get('x-middleware-next')).toBe('1');
  });

  it('leaves the Integration API and the BMS endpoint to refuse oversize bodies in their own envelopes', async () => {
    const { call } = setup();
    for (const path of ['/api/v1/products', '/api/v1/products/00000000-0000-4000-8000-000000000000/bms-update']) {
      const response = await call(path, { method: 'POST', headers: { 'content-length': String(5 * 1024 * 1024) } });
      expect(response.headers.get('x-middleware-next'), path).toBe('1');
    }
  });
});

describe('page policy', () => {
  it('hands each page a fresh nonce in the policy it renders with and the policy it sends', async () => {
    const { call } = setup();
    const first = await call('/portal');
    const policy = first.headers.get('content-security-policy')!;
    expect(policy).toMatch(/'nonce-[^']+'/);
    expect(forwardedRequestHeader(first, 'content-security-policy')).toBe(policy);
    const second = await call('/portal');
    expect(second.headers.get('content-security-policy')).not.toBe(policy);
    expect((await call('/api/health')).headers.get('content-security-policy')).not.toContain('nonce');
  });
});

describe('unexpected failures', () => {
  it('answer a bare 500 in the surface envelope instead of leaking the error, and log it', async () => {
    const logged: string[] = [];
    const middleware = createMiddleware({
      limitEdge: async () => {
        throw new Error('secret internals');
      },
      flags: () => ({ integrationApi: true, bmsIngestion: true }),
      newRequestId: () => REQUEST_ID,
      log: pino({ level: 'error' }, { write: (line: string) => void logged.push(line) }),
    });
    const response = await middleware(new Request('http://localhost/api/v1/products'));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      error: { code: 'INTERNAL_ERROR', message: expect.any(String), requestId: REQUEST_ID },
    });
    expect(logged.join('')).toContain('secret internals');
  });
});

describe('middleware.ts', () => {
  it('declares the Node.js runtime and a matcher that skips static assets', async () => {
    const { config } = await import('./middleware');
    expect(config.runtime).toBe('nodejs');
    expect(config.matcher).toEqual(['/((?!_next/static|_next/image|favicon.ico|robots.txt).*)']);
  });

  it('is wired with the passport addresses: a resolver address is negotiated, an internal route refused', async () => {
    const { middleware } = await import('./middleware');
    const jsonld = await middleware(
      new Request('http://localhost/dpp/cell-1', { headers: { accept: 'application/ld+json' } }),
    );
    expect(jsonld.headers.get('x-middleware-rewrite')).toBe('http://localhost/api/resolver/jsonld');
    expect(jsonld.headers.get('Vary')).toBe('Accept');
    const internal = await middleware(new Request('http://localhost/api/resolver/linkset'));
    expect(internal.status).toBe(404);
    expect(await internal.json()).toEqual({ error: expect.any(String), code: 'PRODUCT_NOT_FOUND', details: {} });
  });
});

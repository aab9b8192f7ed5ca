import { describe, expect, it } from 'vitest';
import {
  METRICS_UNAUTHENTICATED_MESSAGE,
  methodLabel,
  metricsResponse,
  recordRateLimitRefusal,
  recordRequest,
  routeTemplates,
  UNMATCHED_ROUTE,
} from './metrics';

const TOKEN = 'metrics-token-0123456789abcdef';
const scrape = (headers: Record<string, string> = {}, { token }: { token?: string } = { token: TOKEN }) =>
  metricsResponse(new Request('http://svc/api/metrics', { headers }), { token, requestId: 'req-1' });

describe('routeTemplates: requests are counted under their route, never their path', () => {
  const routeOf = routeTemplates([
    '/',
    '/api/v1/products',
    '/api/v1/products/[id]',
    '/api/v1/products/[id]/bms-update',
    '/api/v1/keys/[id]',
    '/api/v1/keys/bulk-revoke',
    '/api/auth/[...nextauth]',
    '/docs/[[...page]]',
  ]);

  it('names the dynamic segments instead of their values', () => {
    expect(routeOf('/api/v1/products/3f1c2a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f')).toBe('/api/v1/products/{id}');
    expect(routeOf('/api/v1/products/anything/bms-update')).toBe('/api/v1/products/{id}/bms-update');
    expect(routeOf('/api/v1/products')).toBe('/api/v1/products');
    expect(routeOf('/')).toBe('/');
  });

  it('prefers a literal segment to a dynamic one, as Next.js routes', () => {
    expect(routeOf('/api/v1/keys/bulk-revoke')).toBe('/api/v1/keys/bulk-revoke');
    expect(routeOf('/api/v1/keys/k1')).toBe('/api/v1/keys/{id}');
  });

  it('takes the rest of the path into a catch-all, and none into an optional one', () => {
    expect(routeOf('/api/auth/callback/credentials')).toBe('/api/auth/{nextauth*}');
    expect(routeOf('/api/auth')).toBe(UNMATCHED_ROUTE);
    expect(routeOf('/docs')).toBe('/docs/{page*}');
    expect(routeOf('/docs/a/b')).toBe('/docs/{page*}');
  });

  it('counts any other path as unmatched, so a scanner cannot mint label values', () => {
    expect(routeOf('/wp-admin/setup.php')).toBe(UNMATCHED_ROUTE);
    expect(routeOf('/api/v1/products/x/y/z')).toBe(UNMATCHED_ROUTE);
  });

  it('ignores a trailing slash', () => {
    expect(routeOf('/api/v1/products/')).toBe('/api/v1/products');
  });
});

describe('methodLabel', () => {
  it('keeps the HTTP methods and counts any other as other', () => {
    expect(methodLabel('get')).toBe('GET');
    expect(methodLabel('PROPFIND')).toBe('other');
    expect(methodLabel(undefined)).toBe('other');
  });
});

describe('GET /api/metrics (metricsResponse)', () => {
  it('answers 404 like an unknown address while METRICS_TOKEN is not set, even with a bearer token', async () => {
    const res = await scrape({ authorization: `Bearer ${TOKEN}` }, { token: undefined });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it.each([
    ['no Authorization header', {}],
    ['a wrong token', { authorization: 'Bearer wrong-token-0123456789abcdef' }],
    ['the token as a prefix', { authorization: `Bearer ${TOKEN.slice(0, -1)}` }],
    ['the token with more after it', { authorization: `Bearer ${TOKEN}x` }],
    ['another scheme', { authorization: `Basic ${TOKEN}` }],
  ])('refuses %s with 401 UNAUTHENTICATED in the public envelope', async (_, headers) => {
    const res = await scrape(headers);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      error: METRICS_UNAUTHENTICATED_MESSAGE,
      code: 'UNAUTHENTICATED',
      details: {},
    });
  });

  it('answers the Prometheus text format with the right token, never cached', async () => {
    recordRequest({
      surface: 'integration',
      route: '/api/v1/products/{id}',
      method: 'GET',
      status: 200,
      seconds: 0.02,
    });
    recordRequest({ surface: 'public', route: '/api/dpp/{slug}', method: 'GET', status: null, seconds: 1 });
    recordRateLimitRefusal('edge');
    const res = await scrape({ authorization: `bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(text).toContain(
      'bps_http_requests_total{surface="integration",route="/api/v1/products/{id}",method="GET",status="200"} ',
    );
    expect(text).toContain(
      'bps_http_requests_total{surface="public",route="/api/dpp/{slug}",method="GET",status="aborted"}',
    );
    expect(text).toContain('bps_http_request_duration_seconds_bucket{le="0.025",surface="integration"');
    expect(text).toMatch(/bps_rate_limit_refusals_total\{policy="edge"\} [1-9]/);
    // Process memory and the event loop's delay, from prom-client's default metrics.
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
  });
});

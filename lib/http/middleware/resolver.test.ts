import { describe, expect, it, vi } from 'vitest';
import type { PassportState } from '../../passport/public/product-by-key';
import type { RateLimitResult } from '../rate-limit';
import { createMiddleware, type MiddlewareDeps } from './handle-request';
import { acceptedTypes, linksetLinkHeader, negotiate, resolverDecision, robotsHeaders } from './resolver';

const BASE = 'https://passports.example';
const GTIN = '04012345000016';
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

const decide = (path: string, accept?: string, method = 'GET') =>
  resolverDecision(method, new URL(`http://internal:3000${path}`), new Headers(accept ? { accept } : {}), `${BASE}/`);

describe('acceptedTypes', () => {
  it('lists the media ranges asked for, lower-cased, without those refused by q=0', () => {
    expect([...acceptedTypes('Application/LD+JSON;q=0.9, text/html;q=0, */*;q=0.1')]).toEqual([
      'application/ld+json',
      '*/*',
    ]);
    expect([...acceptedTypes(null)]).toEqual([]);
  });
});

describe('negotiate: which representation a resolver request gets', () => {
  it.each([
    ['a browser', null, BROWSER, 'page'],
    ['a browser even when it also lists JSON-LD first', null, 'application/ld+json, text/html;q=0.1', 'page'],
    ['application/xhtml+xml counts as a browser', null, 'application/xhtml+xml, application/ld+json', 'page'],
    ['*/* alone', null, '*/*', 'page'],
    ['no Accept at all', null, null, 'page'],
    ['application/json (the viewer, not a document it did not ask for)', null, 'application/json', 'page'],
    ['application/ld+json', null, 'application/ld+json', 'jsonld'],
    ['JSON-LD preferred, HTML refused with q=0', null, 'application/ld+json, text/html;q=0', 'jsonld'],
    ['application/linkset+json', null, 'application/linkset+json', 'linkset'],
    [
      'linkset over JSON-LD when both are asked',
      null,
      'application/ld+json, application/linkset+json;q=0.5',
      'linkset',
    ],
    ['?linkType=linkset over a browser Accept', 'linkset', BROWSER, 'linkset'],
    ['?linkType=linkset over an ld+json Accept', 'linkset', 'application/ld+json', 'linkset'],
    ['?linkType=all (GS1 resolver 1.0 spelling)', 'all', null, 'linkset'],
    ['another linkType is ignored', 'gs1:pip', 'application/ld+json', 'jsonld'],
  ])('%s', (_what, linkType, accept, expected) => {
    expect(negotiate(linkType, accept)).toBe(expected);
  });
});

describe('resolverDecision', () => {
  const link = (path: string) => `<${BASE}${path}?linkType=linkset>; rel="linkset"; type="application/linkset+json"`;

  it('lets the viewer render on every resolver form, with Link to the linkset and Vary: Accept', () => {
    for (const [path, key] of [
      [`/01/${GTIN}`, { gtin: GTIN }],
      [`/01/${GTIN}/21/AB%2F12`, { gtin: GTIN, serialNumber: 'AB/12' }],
      [`/01/${GTIN}/10/B7`, { gtin: GTIN, batchNumber: 'B7' }],
      ['/dpp/voltaris-vx-75', { slug: 'voltaris-vx-75' }],
    ] as const) {
      expect(decide(path, BROWSER), path).toEqual({ kind: 'page', key, headers: { Link: link(path), Vary: 'Accept' } });
    }
  });

  it('keeps the Link path as requested, still percent-encoded, under BASE_URL (not the address the server saw)', () => {
    expect(linksetLinkHeader(`${BASE}/`, '/01/4012345000016/21/AB%2F12')).toBe(link('/01/4012345000016/21/AB%2F12'));
  });

  it('gives a bad check digit Link and Vary but no key, so the page answers 404 without a lookup', () => {
    expect(decide('/01/4012345000017', BROWSER)).toEqual({
      kind: 'page',
      key: null,
      headers: { Link: link('/01/4012345000017'), Vary: 'Accept' },
    });
  });

  it('rewrites JSON-LD and linkset requests to the internal routes, on GET and HEAD', () => {
    const path = `/01/${GTIN}/21/AB%2F12`;
    for (const method of ['GET', 'HEAD']) {
      expect(decide(path, 'application/ld+json', method)).toEqual({
        kind: 'rewrite',
        target: 'jsonld',
        internalPath: '/api/resolver/jsonld',
        headers: { Link: link(path), Vary: 'Accept' },
      });
    }
    expect(decide(`${path}?linkType=linkset`)).toMatchObject({
      kind: 'rewrite',
      target: 'linkset',
      internalPath: '/api/resolver/linkset',
    });
    expect(decide('/01/4012345000017', 'application/linkset+json')).toMatchObject({
      kind: 'rewrite',
      target: 'linkset',
    });
  });

  it('leaves other paths and other methods untouched', () => {
    for (const path of ['/', '/api/dpp/x', '/api/dpp/x/jsonld', '/portal', '/01', `/01/${GTIN}/22/X`, '/ns/dpp']) {
      expect(decide(path, 'application/ld+json'), path).toEqual({ kind: 'none' });
    }
    expect(decide(`/01/${GTIN}`, 'application/ld+json', 'POST')).toEqual({ kind: 'none' });
  });

  it('marks a direct request to the internal routes, however spelled, for refusal', () => {
    for (const path of [
      '/api/resolver/linkset',
      '/api/resolver/jsonld?path=%2Fdpp%2Fx',
      '/api/resolver',
      '/api/%72esolver/jsonld',
      '/API/Resolver/linkset',
    ]) {
      expect(decide(path), path).toEqual({ kind: 'internal' });
    }
    expect(decide('/api/resolvers')).toEqual({ kind: 'none' });
  });
});

describe('robotsHeaders', () => {
  it('is noindex for a withdrawn passport only', () => {
    expect(robotsHeaders({ state: 'WITHDRAWN', version: 2 })).toEqual({ 'X-Robots-Tag': 'noindex' });
    expect(robotsHeaders({ state: 'APPROVED', version: 2 })).toEqual({});
    expect(robotsHeaders({ state: 'WITHDRAWN', version: 0 })).toEqual({});
    expect(robotsHeaders(null)).toEqual({});
  });
});

describe('createMiddleware on resolver addresses', () => {
  const REQUEST_ID = '7d1c6f0e-2b7a-4e55-9a51-0c7c1d2e3f40';
  const passing: RateLimitResult = { success: true, limit: 120, remaining: 119, resetSeconds: 42 };

  function setup(state: () => Promise<PassportState | null>, edge: RateLimitResult = passing) {
    const resolverState = vi.fn<NonNullable<MiddlewareDeps['resolverState']>>(state);
    const limitEdge = vi.fn<MiddlewareDeps['limitEdge']>(async () => edge);
    const middleware = createMiddleware({
      limitEdge,
      resolverState,
      flags: () => ({ integrationApi: true, bmsIngestion: true }),
      newRequestId: () => REQUEST_ID,
      baseUrl: () => BASE,
    });
    const call = (path: string, accept = BROWSER) =>
      middleware(
        new Request(`http://localhost${path}`, { headers: { accept, 'x-service-resolver-path': '/dpp/forged' } }),
      );
    return { call, resolverState, limitEdge };
  }

  it("adds X-Robots-Tag: noindex to a withdrawn passport's page, after one state lookup by its key", async () => {
    const { call, resolverState } = setup(async () => ({ state: 'WITHDRAWN', version: 1 }));
    const response = await call(`/01/${GTIN}/21/SN-1`);
    expect(response.headers.get('x-middleware-next')).toBe('1');
    expect(response.headers.get('X-Robots-Tag')).toBe('noindex');
    expect(response.headers.get('Link')).toContain('rel="linkset"');
    expect(response.headers.get('Vary')).toBe('Accept');
    expect(resolverState).toHaveBeenCalledExactlyOnceWith({ gtin: GTIN, serialNumber: 'SN-1' });
  });

  it('leaves a published page without X-Robots-Tag, CORS or RateLimit-*', async () => {
    const { call, limitEdge } = setup(async () => ({ state: 'APPROVED', version: 1 }));
    const response = await call('/dpp/voltaris-vx-75');
    // A client-sent resolver path never reaches a route.
    expect(response.headers.get('x-middleware-override-headers')).not.toContain('x-service-resolver-path');
    expect(response.headers.get('X-Robots-Tag')).toBeNull();
    expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull();
    expect(response.headers.get('RateLimit-Limit')).toBeNull();
    expect(limitEdge).not.toHaveBeenCalled();
  });

  it('never looks up a bad check digit, and a failed lookup only skips the header', async () => {
    const bad = setup(async () => ({ state: 'WITHDRAWN', version: 1 }));
    expect((await bad.call('/01/4012345000017')).headers.get('Link')).toContain('/01/4012345000017?linkType=linkset');
    expect(bad.resolverState).not.toHaveBeenCalled();
    const down = setup(async () => {
      throw new Error('database down');
    });
    const response = await down.call(`/01/${GTIN}`);
    expect(response.headers.get('x-middleware-next')).toBe('1');
    expect(response.headers.get('X-Robots-Tag')).toBeNull();
    expect(response.headers.get('Vary')).toBe('Accept');
  });

  it('rewrites JSON-LD to the internal route as public JSON: address and request id forwarded, CORS, edge limit', async () => {
    const { call, resolverState, limitEdge } = setup(async () => null);
    const response = await call(`/01/${GTIN}/21/AB%2F12`, 'application/ld+json');
    expect(response.headers.get('x-middleware-rewrite')).toBe('http://localhost/api/resolver/jsonld');
    expect(response.headers.get('x-middleware-request-x-service-resolver-path')).toBe(`/01/${GTIN}/21/AB%2F12`);
    expect(response.headers.get('x-middleware-request-x-request-id')).toBe(REQUEST_ID);
    expect(response.headers.get('X-Request-Id')).toBe(REQUEST_ID);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(response.headers.get('RateLimit-Limit')).toBe('120');
    expect(response.headers.get('Vary')).toBe('Accept');
    expect(limitEdge).toHaveBeenCalledOnce();
    expect(resolverState).not.toHaveBeenCalled();
  });

  it('refuses resolver JSON over the edge limit with the flat 429, still carrying Link and Vary', async () => {
    const { call } = setup(async () => null, { success: false, limit: 120, remaining: 0, resetSeconds: 9 });
    const response = await call(`/01/${GTIN}?linkType=linkset`);
    expect([response.status, response.headers.get('Retry-After')]).toEqual([429, '9']);
    expect(response.headers.get('Link')).toContain('rel="linkset"');
    expect((await response.json()).code).toBe('RATE_LIMITED');
  });

  it('answers a direct request to an internal route with the flat 404 PRODUCT_NOT_FOUND', async () => {
    const { call } = setup(async () => null);
    const response = await call(
      `/api/resolver/jsonld?path=${encodeURIComponent(`/01/${GTIN}`)}`,
      'application/ld+json',
    );
    expect(response.status).toBe(404);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await response.json()).toEqual({ error: expect.any(String), code: 'PRODUCT_NOT_FOUND', details: {} });
  });
});

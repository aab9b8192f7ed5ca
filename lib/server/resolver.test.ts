import { describe, expect, it, vi } from 'vitest';
import { createMiddleware, type MiddlewareDeps } from '../http/middleware/handle-request';
import { linksetLinkHeader, type ResolverDeps, resolverDecision } from '../http/middleware/resolver';
import type { RateLimitResult } from '../http/rate-limit';
import type { PassportKey } from '../passport/public/representations';
import { passportResolver } from './resolver';

const BASE = 'https://passports.example';
const GTIN = '04012345000016';
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

// The resolver's decisions on the passport addresses as the middleware is wired with them (middleware.ts).
const decide = (path: string, accept?: string, method = 'GET') =>
  resolverDecision(
    method,
    new URL(`http://internal:3000${path}`),
    new Headers(accept ? { accept } : {}),
    `${BASE}/`,
    passportResolver,
  );

const CORS = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS' };

describe('resolverDecision', () => {
  const link = (path: string) => `<${BASE}${path}?linkType=linkset>; rel="linkset"; type="application/linkset+json"`;

  it('lets the viewer render on every resolver form, with Link to the linkset and Vary: Accept', () => {
    for (const [path, key] of [
      [`/01/${GTIN}`, { gtin: GTIN }],
      [`/01/${GTIN}/21/AB%2F12`, { gtin: GTIN, serialNumber: 'AB/12' }],
      [`/01/${GTIN}/10/B7`, { gtin: GTIN, batchNumber: 'B7' }],
      ['/dpp/voltaris-vx-75', { slug: 'voltaris-vx-75' }],
    ] as const) {
      expect(decide(path, BROWSER), path).toEqual({
        kind: 'page',
        key,
        headers: { Link: link(path), Vary: 'Accept, Accept-Language', ...CORS },
      });
      expect(decide(path, BROWSER, 'OPTIONS'), path).toEqual({
        kind: 'options',
        headers: { Link: link(path), Vary: 'Accept', ...CORS },
      });
    }
  });

  it('keeps the Link path as requested, still percent-encoded, under BASE_URL (not the address the server saw)', () => {
    expect(linksetLinkHeader(`${BASE}/`, '/01/4012345000016/21/AB%2F12')).toBe(link('/01/4012345000016/21/AB%2F12'));
  });

  it('gives a bad check digit Link and Vary but no key, so the page answers 404 without a lookup', () => {
    expect(decide('/01/4012345000017', BROWSER)).toEqual({
      kind: 'page',
      key: null,
      headers: { Link: link('/01/4012345000017'), Vary: 'Accept, Accept-Language', ...CORS },
    });
  });

  it('rewrites JSON-LD and linkset requests to the internal routes, on GET and HEAD', () => {
    const path = `/01/${GTIN}/21/AB%2F12`;
    for (const method of ['GET', 'HEAD']) {
      expect(decide(path, 'application/ld+json', method)).toEqual({
        kind: 'rewrite',
        target: 'jsonld',
        internalPath: '/api/resolver/jsonld',
        headers: { Link: link(path), Vary: 'Accept', ...CORS },
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
    for (const path of ['/', '/api/dpp/x', '/api/dpp/x/jsonld', '/portal', '/01', '/ns/dpp', '/issuers']) {
      expect(decide(path, 'application/ld+json'), path).toEqual({ kind: 'none' });
    }
    expect(decide(`/01/${GTIN}`, 'application/ld+json', 'POST')).toEqual({ kind: 'none' });
  });

  it('reads /01/{gtin}/10/{batch}/21/{serial} (the standard qualifier order) as one key; the wrong order is malformed', () => {
    expect(decide(`/01/${GTIN}/10/B7/21/S%2F1`, BROWSER)).toMatchObject({
      kind: 'page',
      key: { gtin: GTIN, batchNumber: 'B7', serialNumber: 'S/1' },
    });
    for (const path of [`/01/${GTIN}/21/S1/10/B7`, `/01/${GTIN}/21/S1/foo`, `/01/${GTIN}/99/X`])
      expect(decide(path, BROWSER), path).toEqual({
        kind: 'malformed',
        reason: expect.any(String),
        headers: { Link: link(path), Vary: 'Accept', ...CORS },
      });
  });

  it('answers an address with a trailing slash as the address without it (GS1: SHOULD tolerate trailing slashes)', () => {
    expect(decide(`/01/${GTIN}/21/S1/`, BROWSER)).toEqual({
      kind: 'page',
      key: { gtin: GTIN, serialNumber: 'S1' },
      headers: { Link: link(`/01/${GTIN}/21/S1`), Vary: 'Accept, Accept-Language', ...CORS },
      rewriteTo: `/01/${GTIN}/21/S1`,
    });
    expect(decide(`/01/${GTIN}/21/S1/`, 'application/ld+json')).toMatchObject({
      kind: 'rewrite',
      target: 'jsonld',
      address: `/01/${GTIN}/21/S1`,
    });
  });

  it('sends a request for one link type to the link type route, whatever Accept says', () => {
    expect(decide(`/01/${GTIN}?linkType=gs1:certificationInfo`, BROWSER)).toMatchObject({
      kind: 'rewrite',
      target: 'linktype',
      internalPath: '/api/resolver/linktype',
    });
  });

  it('sends a compressed Digital Link URI to its uncompressed form, with owl:sameAs (GS1: SHALL decompress)', () => {
    // 09506000134352/10/B-9/21/SN1 compressed with GS1's SDK; the request's own query is passed on.
    expect(decide('/CxFKk4XBoMYP3pCxpG6g?foo=bar', BROWSER)).toEqual({
      kind: 'compressed',
      location: `${BASE}/01/09506000134352/10/B-9/21/SN1?foo=bar`,
      headers: {
        Link: `<${BASE}/01/09506000134352/10/B-9/21/SN1>; rel="owl:sameAs http://www.w3.org/2002/07/owl#sameAs", ${link('/01/09506000134352/10/B-9/21/SN1')}`,
        ...CORS,
      },
    });
    expect(decide('/portal', BROWSER)).toEqual({ kind: 'none' });
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

describe('createMiddleware on resolver addresses', () => {
  const REQUEST_ID = '7d1c6f0e-2b7a-4e55-9a51-0c7c1d2e3f40';
  const passing: RateLimitResult = { success: true, limit: 120, remaining: 119, resetSeconds: 42 };

  /** The middleware as middleware.ts wires it, with the noindex read (a withdrawn passport's page) replaced by `noindex`. */
  function setup(noindex: () => Promise<boolean>, edge: RateLimitResult = passing) {
    const noindexRead = vi.fn<NonNullable<ResolverDeps<PassportKey>['noindex']>>(noindex);
    const limitEdge = vi.fn<MiddlewareDeps['limitEdge']>(async () => edge);
    const middleware = createMiddleware({
      limitEdge,
      resolver: { ...passportResolver, noindex: noindexRead },
      flags: () => ({ integrationApi: true, bmsIngestion: true }),
      newRequestId: () => REQUEST_ID,
      baseUrl: () => BASE,
    });
    const call = (path: string, accept = BROWSER) =>
      middleware(
        new Request(`http://localhost${path}`, { headers: { accept, 'x-service-resolver-path': '/dpp/forged' } }),
      );
    return { call, noindexRead, limitEdge };
  }

  it("adds X-Robots-Tag: noindex to a withdrawn passport's page, after one state lookup by its key", async () => {
    const { call, noindexRead } = setup(async () => true);
    const response = await call(`/01/${GTIN}/21/SN-1`);
    expect(response.headers.get('x-middleware-next')).toBe('1');
    expect(response.headers.get('X-Robots-Tag')).toBe('noindex');
    expect(response.headers.get('Link')).toContain('rel="linkset"');
    expect(response.headers.get('Vary')).toBe('Accept, Accept-Language');
    expect(noindexRead).toHaveBeenCalledExactlyOnceWith({ gtin: GTIN, serialNumber: 'SN-1' });
  });

  it('leaves a published page without X-Robots-Tag or RateLimit-*, and open to any origin (GS1: CORS)', async () => {
    const { call, limitEdge } = setup(async () => false);
    const response = await call('/dpp/voltaris-vx-75');
    // A client-sent resolver path never reaches a route.
    expect(response.headers.get('x-middleware-override-headers')).not.toContain('x-service-resolver-path');
    expect(response.headers.get('X-Robots-Tag')).toBeNull();
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(response.headers.get('Access-Control-Allow-Methods')).toBe('GET, HEAD, OPTIONS');
    expect(response.headers.get('RateLimit-Limit')).toBeNull();
    expect(limitEdge).not.toHaveBeenCalled();
  });

  it('never looks up a bad check digit, and a failed lookup only skips the header', async () => {
    const bad = setup(async () => true);
    expect((await bad.call('/01/4012345000017')).headers.get('Link')).toContain('/01/4012345000017?linkType=linkset');
    expect(bad.noindexRead).not.toHaveBeenCalled();
    const down = setup(async () => {
      throw new Error('database down');
    });
    const response = await down.call(`/01/${GTIN}`);
    expect(response.headers.get('x-middleware-next')).toBe('1');
    expect(response.headers.get('X-Robots-Tag')).toBeNull();
    expect(response.headers.get('Vary')).toBe('Accept, Accept-Language');
  });

  it('rewrites JSON-LD to the internal route as public JSON: address and request id forwarded, CORS, edge limit', async () => {
    const { call, noindexRead, limitEdge } = setup(async () => false);
    const response = await call(`/01/${GTIN}/21/AB%2F12`, 'application/ld+json');
    expect(response.headers.get('x-middleware-rewrite')).toBe('http://localhost/api/resolver/jsonld');
    expect(response.headers.get('x-middleware-request-x-service-resolver-path')).toBe(`/01/${GTIN}/21/AB%2F12`);
    expect(response.headers.get('x-middleware-request-x-request-id')).toBe(REQUEST_ID);
    expect(response.headers.get('X-Request-Id')).toBe(REQUEST_ID);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(response.headers.get('RateLimit-Limit')).toBe('120');
    expect(response.headers.get('Vary')).toBe('Accept');
    expect(limitEdge).toHaveBeenCalledOnce();
    expect(noindexRead).not.toHaveBeenCalled();
  });

  it('refuses resolver JSON over the edge limit with the flat 429, still carrying Link and Vary', async () => {
    const { call } = setup(async () => false, { success: false, limit: 120, remaining: 0, resetSeconds: 9 });
    const response = await call(`/01/${GTIN}?linkType=linkset`);
    expect([response.status, response.headers.get('Retry-After')]).toEqual([429, '9']);
    expect(response.headers.get('Link')).toContain('rel="linkset"');
    expect((await response.json()).code).toBe('RATE_LIMITED');
  });

  it('answers OPTIONS on every resolver address itself: 204, Allow, CORS, Link; no lookup, no edge limit', async () => {
    const { noindexRead, limitEdge } = setup(async () => false);
    const middleware = createMiddleware({
      limitEdge,
      resolver: { ...passportResolver, noindex: noindexRead },
      flags: () => ({ integrationApi: true, bmsIngestion: true }),
      newRequestId: () => REQUEST_ID,
      baseUrl: () => BASE,
    });
    for (const path of [`/01/${GTIN}`, `/01/${GTIN}/21/AB%2F12`, `/01/${GTIN}/10/B7`, '/dpp/x', '/01/4012345000017']) {
      const response = await middleware(new Request(`http://localhost${path}`, { method: 'OPTIONS' }));
      expect(response.status, path).toBe(204);
      expect(response.headers.get('Allow'), path).toBe('GET, HEAD, OPTIONS');
      expect(response.headers.get('Access-Control-Allow-Origin'), path).toBe('*');
      expect(response.headers.get('Access-Control-Allow-Methods'), path).toBe('GET, HEAD, OPTIONS');
      expect(response.headers.get('Link'), path).toContain(`${path}?linkType=linkset`);
      expect(response.headers.get('X-Request-Id'), path).toBe(REQUEST_ID);
    }
    expect(limitEdge).not.toHaveBeenCalled();
    expect(noindexRead).not.toHaveBeenCalled();
  });

  it('answers a direct request to an internal route with the flat 404 PRODUCT_NOT_FOUND', async () => {
    const { call } = setup(async () => false);
    const response = await call(
      `/api/resolver/jsonld?path=${encodeURIComponent(`/01/${GTIN}`)}`,
      'application/ld+json',
    );
    expect(response.status).toBe(404);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await response.json()).toEqual({ error: expect.any(String), code: 'PRODUCT_NOT_FOUND', details: {} });
  });

  it('answers a malformed Digital Link path 400 VALIDATION_ERROR with CORS and Link, without a lookup (like a page)', async () => {
    const { call, limitEdge, noindexRead } = setup(async () => false);
    const response = await call(`/01/${GTIN}/21/S1/10/B7`);
    expect(response.status).toBe(400);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(response.headers.get('Link')).toContain('rel="linkset"');
    expect(await response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { fields: { path: expect.any(String) } },
    });
    expect(limitEdge).not.toHaveBeenCalled();
    expect(noindexRead).not.toHaveBeenCalled();
  });

  it('hands a link type request its link type and the rest of the query, never a client-sent copy', async () => {
    const { call } = setup(async () => false);
    const response = await call(`/01/${GTIN}/21/S1/?linkType=gs1:pip&foo=bar`);
    expect(response.headers.get('x-middleware-rewrite')).toBe('http://localhost/api/resolver/linktype');
    expect(response.headers.get('x-middleware-request-x-service-resolver-path')).toBe(`/01/${GTIN}/21/S1`);
    expect(response.headers.get('x-middleware-request-x-service-resolver-link-type')).toBe('gs1:pip');
    expect(response.headers.get('x-middleware-request-x-service-resolver-query')).toBe('?foo=bar');
  });

  it('renders the page of the address without the trailing slash; other paths keep the 308 to it', async () => {
    const { call } = setup(async () => false);
    const page = await call(`/01/${GTIN}/21/S1/?x=1`);
    expect(page.headers.get('x-middleware-rewrite')).toBe(`http://localhost/01/${GTIN}/21/S1?x=1`);
    const other = await call('/portal/products/?page=2');
    expect([other.status, other.headers.get('Location')]).toEqual([308, 'http://localhost/portal/products?page=2']);
  });

  it('redirects a compressed URI 307 to its uncompressed form and answers OPTIONS on it', async () => {
    const { call } = setup(async () => false);
    const response = await call('/ARFKk4XBoeI');
    expect(response.status).toBe(307);
    expect(response.headers.get('Location')).toBe(`${BASE}/01/09506000134352`);
    expect(response.headers.get('Link')).toContain(`<${BASE}/01/09506000134352>; rel="owl:sameAs`);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
  });
});

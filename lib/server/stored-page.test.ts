import { describe, expect, it, vi } from 'vitest';
import { LOCALE_HEADER } from '@/lib/i18n/locales';
import { createMiddleware } from '../http/middleware/handle-request';
import { type ResolverDeps, resolverDecision } from '../http/middleware/resolver';
import { newNonce } from '../http/middleware/security-headers';
import {
  PAGE_NONCE_HEADER,
  PAGE_RENDER_HEADER,
  pageRenderToken,
  STORED_PAGE_ROUTE,
  servesStoredPage,
} from '../http/middleware/stored-page';
import type { PassportKey } from '../passport/public/representations';
import { passportResolver } from './resolver';

const BASE = 'https://passports.example';
const GTIN = '04012345000016';
const BROWSER = 'text/html,application/xhtml+xml';
const REQUEST_ID = '7d1c6f0e-2b7a-4e55-9a51-0c7c1d2e3f40';

function decide(path: string, { method = 'GET', headers = {} as Record<string, string> } = {}) {
  const url = new URL(`http://localhost${path}`);
  const all = new Headers({ accept: BROWSER, ...headers });
  const resolver = resolverDecision(method, url, all, BASE, passportResolver);
  return servesStoredPage({ method, url, headers: all }, resolver, passportResolver);
}

describe('servesStoredPage', () => {
  it('serves an anonymous browser the stored page at a serial or slug address, on GET and HEAD', () => {
    expect(decide(`/01/${GTIN}/21/SN-1`)).toBe(true);
    expect(decide(`/01/${GTIN}/21/AB%2F12`, { method: 'HEAD' })).toBe(true);
    expect(decide('/dpp/voltaris-vx-75')).toBe(true);
  });

  it('renders addresses that may name more than one passport, and anything but a page', () => {
    expect(decide(`/01/${GTIN}`)).toBe(false);
    expect(decide(`/01/${GTIN}/10/LOT-7`)).toBe(false);
    expect(decide('/01/4012345000017/21/SN-1')).toBe(false); // bad check digit: no key
    expect(decide(`/01/${GTIN}/21/SN-1`, { headers: { accept: 'application/ld+json' } })).toBe(false);
    expect(decide('/portal')).toBe(false);
  });

  it("renders a form post, a query, a browser holding a grant and the app router's own requests", () => {
    const path = `/01/${GTIN}/21/SN-1`;
    expect(decide(path, { method: 'POST' })).toBe(false);
    expect(decide(`${path}?utm_source=label`)).toBe(false);
    expect(decide(path, { headers: { cookie: 'theme=dark; bps_poli_0123456789abcdef0123456789abcdef=token' } })).toBe(
      false,
    );
    expect(decide(path, { headers: { cookie: 'theme=dark' } })).toBe(true);
    for (const name of ['rsc', 'next-router-state-tree', 'next-router-prefetch', 'next-action']) {
      expect(decide(path, { headers: { [name]: '1' } }), name).toBe(false);
    }
  });

  it('serves the stored page of a language chosen by `?lang=` (one lower-case spelling per stored page), renders other queries', () => {
    const path = `/01/${GTIN}/21/SN-1`;
    expect(decide(`${path}?lang=de`)).toBe(true);
    expect(decide(`${path}?lang=mt`)).toBe(true);
    expect(decide(`${path}?lang=DE`)).toBe(false);
    expect(decide(`${path}?lang=xx`)).toBe(false);
    expect(decide(`${path}?lang=de&x=1`)).toBe(false);
    expect(decide(`${path}?lang=`)).toBe(false);
  });
});

describe('createMiddleware with stored pages', () => {
  function setup(storedPages = true) {
    // Every passport here reads as withdrawn, so a page the middleware looks up gets X-Robots-Tag.
    const noindexRead = vi.fn<NonNullable<ResolverDeps<PassportKey>['noindex']>>(async () => true);
    const middleware = createMiddleware({
      limitEdge: async () => ({ success: true, limit: 120, remaining: 119, resetSeconds: 42 }),
      flags: () => ({ integrationApi: true, bmsIngestion: true }),
      newRequestId: () => REQUEST_ID,
      baseUrl: () => BASE,
      resolver: { ...passportResolver, noindex: noindexRead },
      storedPages: () => storedPages,
    });
    const call = (path: string, headers: Record<string, string> = {}) =>
      middleware(new Request(`http://localhost${path}`, { headers: { accept: BROWSER, ...headers } }));
    return { call, noindexRead };
  }

  it('rewrites an anonymous page view to the stored-page route with its address, no nonce and no lookup', async () => {
    const { call, noindexRead } = setup();
    const response = await call(`/01/${GTIN}/21/AB%2F12`, {
      [PAGE_RENDER_HEADER]: 'forged',
      [PAGE_NONCE_HEADER]: newNonce(),
    });
    expect(response.headers.get('x-middleware-rewrite')).toBe(`http://localhost${STORED_PAGE_ROUTE}`);
    expect(response.headers.get('x-middleware-request-x-service-resolver-path')).toBe(`/01/${GTIN}/21/AB%2F12`);
    // The route sends the page's own policy (hashes of its scripts: every answer is the same), Link (linkset and
    // preloads), Vary (the caching table's) and X-Robots-Tag itself.
    expect(response.headers.get('content-security-policy')).toBeNull();
    expect(response.headers.get('x-middleware-request-content-security-policy')).toBeNull();
    expect(response.headers.get('Link')).toBeNull();
    expect(response.headers.get('Vary')).toBeNull();
    expect(noindexRead).not.toHaveBeenCalled();
    // A client's copy of the render headers never reaches a route.
    expect(response.headers.get('x-middleware-override-headers')).not.toContain(PAGE_RENDER_HEADER);
    expect(response.headers.get('x-middleware-override-headers')).not.toContain(PAGE_NONCE_HEADER);
  });

  it('tells the route and the page the language: `?lang=`, then Accept-Language, then English (the portal: en or de); a client cannot set it', async () => {
    const { call } = setup();
    const header = (r: Response) => r.headers.get(`x-middleware-request-${LOCALE_HEADER}`);
    expect(header(await call(`/01/${GTIN}/21/SN-1?lang=el`, { 'accept-language': 'de' }))).toBe('el');
    expect(header(await call(`/01/${GTIN}/21/SN-1`, { 'accept-language': 'fr-BE,fr;q=0.9' }))).toBe('fr');
    expect(header(await call(`/01/${GTIN}/21/SN-1`, { [LOCALE_HEADER]: 'de' }))).toBe('en');
    expect(header(await call('/poli/invalid-link', { 'accept-language': 'mt' }))).toBe('mt');
    // The operator portal speaks English and German (Accept-Language until an operator chooses in the profile)...
    expect(header(await call('/portal/sign-in', { 'accept-language': 'de-AT,de;q=0.9' }))).toBe('de');
    expect(header(await call('/portal/sign-in', { 'accept-language': 'fr' }))).toBe('en');
    expect(header(await call('/portal?lang=de'))).toBe('en');
    // ...and the landing page is written in English.
    expect(header(await call('/?lang=de', { 'accept-language': 'de' }))).toBe('en');
  });

  it("lets the route's own render request through to the page, rendered with its placeholder nonce", async () => {
    const { call, noindexRead } = setup();
    const nonce = newNonce();
    const response = await call(`/01/${GTIN}/21/SN-1`, {
      [PAGE_RENDER_HEADER]: pageRenderToken(),
      [PAGE_NONCE_HEADER]: nonce,
    });
    expect(response.headers.get('x-middleware-next')).toBe('1');
    expect(response.headers.get('x-middleware-request-content-security-policy')).toContain(`'nonce-${nonce}'`);
    expect(noindexRead).not.toHaveBeenCalled();
  });

  it('renders as before when stored pages are off or the request may not be served one', async () => {
    const off = setup(false);
    const response = await off.call(`/01/${GTIN}/21/SN-1`);
    expect(response.headers.get('x-middleware-next')).toBe('1');
    expect(response.headers.get('X-Robots-Tag')).toBe('noindex');
    const granted = setup();
    const withGrant = await granted.call(`/01/${GTIN}/21/SN-1`, {
      cookie: 'bps_poli_0123456789abcdef0123456789abcdef=t',
    });
    expect(withGrant.headers.get('x-middleware-next')).toBe('1');
    expect(withGrant.headers.get('Cache-Control')).toBe('private, no-store');
  });
});

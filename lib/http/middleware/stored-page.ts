import { randomBytes, timingSafeEqual } from 'node:crypto';
import Negotiator from 'negotiator';
import { strongEtag } from '../../crypto/served-bytes';
import { isLocale } from '../../i18n/locales';
import { CONTENT_ENCODING_HEADER, CONTENT_LENGTH_HEADER } from '../../route-framing';
import { CACHING, cachingHeaders } from '../caching';
import { matchesIfNoneMatch } from '../public-route';
import { mergeVary } from '../vary';
import { type ResolverDecision, type ResolverDeps, robotsHeaders } from './resolver';

/**
 * Stored viewer pages, their HTTP side: an anonymous browser's GET of a page is answered from the page rendered for
 * its resource's current state, the same bytes and headers for every such answer (the store itself is the domain's). The
 * middleware decides which requests may be answered that way and rewrites them to STORED_PAGE_ROUTE; the route
 * renders a missing page through Next.js by requesting it from this same process, marked with the render token and
 * the placeholder nonce to render with.
 */
export const STORED_PAGE_ROUTE = '/api/resolver/page';

/** Request headers of the route's own render request: the per-process token, and the nonce the page is rendered with. */
export const PAGE_RENDER_HEADER = 'x-service-page-render';
export const PAGE_NONCE_HEADER = 'x-service-page-nonce';

/** Headers of Next.js's own client navigations and server actions: such a request wants no HTML page. */
const NEXT_CLIENT_HEADERS = [
  'rsc',
  'next-router-state-tree',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'next-action',
];

/** A nonce as `newNonce` makes them: 16 random bytes in base64. */
const NONCE = /^[A-Za-z0-9+/]{22}==$/;

// On globalThis: the middleware and the route handlers are separate bundles of one process.
const TOKEN = Symbol.for('battery-passport-service.page-render-token');
type Holder = { [TOKEN]?: string };

/** 256 random bits per process: only this process's own render requests carry it. */
export function pageRenderToken(): string {
  const holder = globalThis as Holder;
  return (holder[TOKEN] ??= randomBytes(32).toString('hex'));
}

/**
 * The nonce a render request asks its page to be rendered with, when the request carries this process's render
 * token (compared in constant time); null for every other request, whatever headers it sends.
 */
export function renderNonce(headers: Pick<Headers, 'get'>): string | null {
  const given = headers.get(PAGE_RENDER_HEADER);
  if (!given) return null;
  const expected = Buffer.from(pageRenderToken());
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  const nonce = headers.get(PAGE_NONCE_HEADER);
  return nonce && NONCE.test(nonce) ? nonce : null;
}

/**
 * Whether the stored page may answer: a viewer page (GET or HEAD, no query but a `?lang=` naming one of the
 * languages, lower-case: one spelling per stored page) at an address that names exactly one
 * resource, from a browser holding no restricted-access grant (its page may show restricted fields) and not
 * navigating inside the app (Next.js then wants its own payload, not HTML).
 */
export function servesStoredPage<K>(
  request: { method: string; url: URL; headers: Pick<Headers, 'get'> },
  resolver: ResolverDecision<K>,
  addresses: Pick<ResolverDeps<K>, 'namesOne' | 'restricted'>,
): boolean {
  if (resolver.kind !== 'page' || resolver.key === null) return false;
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (request.url.search !== '' && !isLanguageQuery(request.url.search)) return false;
  if (!addresses.namesOne(resolver.key)) return false;
  if (addresses.restricted(request.headers.get('cookie'))) return false;
  return NEXT_CLIENT_HEADERS.every((name) => request.headers.get(name) === null);
}

/** A query that only chooses the page's language, spelled as the page's own links spell it. */
function isLanguageQuery(search: string): boolean {
  const match = /^\?lang=([a-z]{2})$/.exec(search);
  return match !== null && isLocale(match[1]);
}

/** A stored (or freshly rendered) page as the stored-page route answers it: the same for every anonymous answer. */
export interface StoredPageAnswer {
  status: number;
  /** The render's own headers (Content-Type, Vary, Link, its hash Content-Security-Policy). */
  headers: Record<string, string>;
  bytes: Uint8Array;
  /** The page's gzip encoding when it is stored that way, with the SHA-256 of exactly those bytes. */
  gzip?: { bytes: Uint8Array; sha256: string };
  noindex: boolean;
}

/** Whether the request's Accept-Encoding takes gzip at least as gladly as the page as it is (RFC 9110 12.5.3). */
const acceptsGzip = (request: Pick<Request, 'headers'>): boolean =>
  new Negotiator({ headers: { 'accept-encoding': request.headers.get('accept-encoding') ?? undefined } }).encoding([
    'gzip',
    'identity',
  ]) === 'gzip';

/**
 * The stored-page route's response: the page's headers with Cache-Control and Vary from the caching table (a 200
 * is the table's `page` row, a 404 its `not-found` row, anything else no-store), a strong ETag, and a bodiless 304
 * when the request already holds these bytes. A stored page goes to a browser that accepts gzip in the gzip bytes it
 * is stored in (Content-Encoding: gzip, so Next.js does not compress it again; its own ETag, the SHA-256 of those
 * bytes, as each encoding is another representation), varying on Accept-Encoding as a compressed answer does.
 * Route answers cannot carry Content-Encoding through Next.js: the response names it in the internal header that
 * the web server turns into the real one. Its Link names the resolver's linkset first, as every resolver
 * answer's does, then the page's own preloads (one list, RFC 8288): a middleware Link would replace the preloads.
 */
export function storedPageResponse(
  request: Pick<Request, 'headers'>,
  page: StoredPageAnswer,
  linkset: string,
): Response {
  const headers = new Headers(robotsHeaders(page.noindex));
  for (const [name, value] of Object.entries(page.headers)) headers.set(name, value);
  const preloads = headers.get('link');
  headers.set('Link', preloads ? `${linkset}, ${preloads}` : linkset);
  const row = page.status === 200 ? 'page' : page.status === 404 ? 'not-found' : 'private';
  const caching = cachingHeaders(row);
  headers.set('Cache-Control', caching['Cache-Control']);
  // Whatever its status, the answer is the viewer page at a resolver address: it varies as the page row says.
  headers.set('Vary', mergeVary(headers.get('vary') ?? undefined, CACHING.page.vary.join(', ')));
  if (page.status !== 200) return new Response(page.bytes as BodyInit, { status: page.status, headers });
  const gzip = page.gzip && acceptsGzip(request) ? page.gzip : undefined;
  if (page.gzip) headers.set('Vary', mergeVary(headers.get('vary') ?? undefined, 'Accept-Encoding'));
  const etag = gzip ? `"${gzip.sha256}"` : strongEtag(page.bytes);
  headers.set('ETag', etag);
  if (matchesIfNoneMatch(request, etag)) {
    headers.delete('Content-Type');
    return new Response(null, { status: 304, headers });
  }
  if (!gzip) return new Response(page.bytes as BodyInit, { status: 200, headers });
  // Next.js drops both from a route's answer; the web server restores them (lib/route-framing.ts).
  headers.set(CONTENT_ENCODING_HEADER, 'gzip');
  headers.set(CONTENT_LENGTH_HEADER, String(gzip.bytes.byteLength));
  return new Response(gzip.bytes as BodyInit, { status: 200, headers });
}

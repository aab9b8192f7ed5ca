import { NextResponse } from 'next/server';
import type { Logger } from 'pino';
import { config } from '../../config';
import { ServiceError } from '../../errors';
import { LOCALE_HEADER } from '../../i18n/locales';
import { declaredLength, FORM_MAX_BODY_BYTES } from '../bounded-body';
import { clientAddressFromHeaders } from '../client-address';
import { renderError } from '../errors';
import { rateLimitHeaders } from '../rate-limit/headers';
import { edgeLimitApplies, routeLimitPolicy } from '../rate-limit/scope';
import type { RateLimitResult } from '../rate-limit/types';
import { RESPONSE_REQUEST_ID_HEADER } from '../request-id';
import { type Surface, surfaceOf } from '../surface';
import { CORS_HEADERS, type CorsDecision, corsDecision, preflightResponse } from './cors';
import { type FeatureFlags, featureGate } from './feature-gate';
import { foreignOriginPage, isForeignOriginAction } from './foreign-origin';
import { forwardedRequestHeaders } from './forwarded-headers';
import { pageLocale } from './page-locale';
import {
  RESOLVER_INTERNAL_HEADERS,
  RESOLVER_LINK_TYPE_HEADER,
  RESOLVER_PATH_HEADER,
  RESOLVER_QUERY_HEADER,
  type ResolverDecision,
  type ResolverDeps,
  resolverDecision,
  resolverOptionsResponse,
  robotsHeaders,
} from './resolver';
import { restrictedPageHeaders } from './restricted-page';
import { isPagePath, newNonce, securityHeaders } from './security-headers';
import { PAGE_NONCE_HEADER, PAGE_RENDER_HEADER, renderNonce, STORED_PAGE_ROUTE, servesStoredPage } from './stored-page';

export interface MiddlewareDeps {
  limitEdge(clientAddress: string): Promise<RateLimitResult>;
  flags(): FeatureFlags;
  newRequestId(): string;
  log?: Logger;
  /** The public base address for the resolver's Link header; config().BASE_URL unless given. */
  baseUrl?(): string;
  /**
   * The resolver's addresses as the domain reads them (which paths are addresses, and what the middleware needs to
   * know of the key one names; wired in middleware.ts); without them no path is a resolver address.
   */
  resolver?: ResolverDeps;
  /** Whether anonymous viewer pages are answered from the stored pages (lib/http/middleware/stored-page.ts). */
  storedPages?(): boolean;
}

export const RATE_LIMITED_MESSAGE = 'Rate limit exceeded. Retry after the number of seconds in the Retry-After header.';

interface Decoration {
  surface: Surface;
  requestId: string;
  cors: CorsDecision;
  rateLimit?: RateLimitResult;
  /** The resolver's Link, Vary and X-Robots-Tag. */
  extra: Record<string, string>;
}

function decorate(response: Response, { surface, requestId, cors, rateLimit, extra }: Decoration): Response {
  response.headers.set(RESPONSE_REQUEST_ID_HEADER[surface], requestId);
  for (const [name, value] of Object.entries(extra)) response.headers.set(name, value);
  if (cors !== 'none') for (const [name, value] of Object.entries(CORS_HEADERS)) response.headers.set(name, value);
  if (rateLimit)
    for (const [name, value] of Object.entries(rateLimitHeaders(rateLimit))) response.headers.set(name, value);
  return response;
}

/**
 * A form post (pages, portal actions, sign-in, the PoLI links) declaring more than any form of ours sends. These are
 * browser surfaces outside the JSON contract: a plain 413, refused before the body is read. The Integration API and
 * the BMS endpoint refuse oversize bodies themselves, in their own envelopes.
 */
function formTooLarge(): Response {
  return new Response(`The request body exceeds the limit of ${FORM_MAX_BODY_BYTES} bytes.\n`, {
    status: 413,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'close' },
  });
}

/**
 * Next.js's own trailing-slash redirect (308 to the path without it) runs before middleware, where a GS1 resolver
 * address must answer as without the slash (next.config.mjs turns it off): every other path still gets it here.
 */
function trailingSlashRedirect(url: URL): Response | null {
  if (url.pathname.length < 2 || !url.pathname.endsWith('/')) return null;
  // Next.js refuses a relative Location from middleware ("Invalid URL"); it sends a same-origin one relative again.
  const target = new URL(`${url.pathname.replace(/\/+$/, '') || '/'}${url.search}`, url);
  return new Response(null, { status: 308, headers: { Location: target.href } });
}

/** A GS1 Digital Link path that breaks the URI syntax: 400, which the GS1 resolver standard asks for. */
function malformedAddress(reason: string): ServiceError {
  return new ServiceError('VALIDATION_ERROR', `This is not a valid GS1 Digital Link URI. ${reason}`, {
    details: { fields: { path: reason } },
  });
}

/** The query a redirect to a link passes on: the request's own, without `linkType`. */
function passedOnQuery(url: URL): string {
  const query = new URLSearchParams(url.search);
  query.delete('linkType');
  return query.size ? `?${query}` : '';
}

/** Without the domain's addresses: no resolver address, and the internal routes still closed. */
const NO_ADDRESSES: ResolverDeps = {
  parse: () => null,
  namesOne: () => false,
  restricted: () => false,
  notFound: () => new ServiceError('NOT_FOUND', 'Not found.'),
};

/** X-Robots-Tag for a viewer page. A failed lookup (database down) only skips the header: the page answers anyway. */
async function pageRobots(resolver: ResolverDecision, addresses: ResolverDeps): Promise<Record<string, string>> {
  if (resolver.kind !== 'page' || resolver.key === null || !addresses.noindex) return {};
  return robotsHeaders(await addresses.noindex(resolver.key).catch(() => false));
}

/**
 * The request pipeline, in order: request id, CORS preflight, edge rate limit (before the feature
 * flags, so every /api answer carries RateLimit-*), feature flags, the resolver, then the route.
 *
 * How Next 16.4 merges headers (read in next/dist/server/lib/router-utils/resolve-routes.js and
 * send-response.js, confirmed against a built app): headers set on NextResponse.next() are written
 * to the outgoing response before the route runs, and a route header is only added when no header
 * of that name is there yet (set-cookie, vary, www-authenticate, proxy-authenticate append). So on a
 * clash the middleware wins; its response headers are also copied into the route's request headers.
 * Hence a route with its own tighter limit gets the edge result in x-service-edge-rate-limit and
 * writes RateLimit-* itself, and the middleware writes them only for the other routes.
 *
 * Resolver addresses (/01/..., /dpp/...) get Link and Vary here, since a page cannot set response headers (app
 * pages do set Vary outright: the web server keeps ours, see lib/http/vary.ts); the JSON answers are rewrites to
 * /api/resolver/*, which middleware (run once per request) does not see again.
 */
export function createMiddleware(deps: MiddlewareDeps) {
  const baseUrl = deps.baseUrl ?? (() => config().BASE_URL);
  const addresses = deps.resolver ?? NO_ADDRESSES;
  return async function middleware(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const { pathname } = url;
    const surface = surfaceOf(pathname);
    const requestId = deps.newRequestId();
    const resolver = resolverDecision(request.method, url, request.headers, baseUrl(), addresses);
    // The resolver's JSON is the public JSON of /api/dpp/*: open to any origin and counted by the edge limit alike.
    const resolverJson = resolver.kind === 'rewrite';
    const cors = resolverJson ? 'allow' : corsDecision(request.method, pathname);
    // A page gets a fresh script nonce; Next.js reads it from the request's copy of the policy. The stored-page
    // route's own render request asks for its placeholder nonce instead, and is rendered, never rewritten.
    const rendering = isPagePath(pathname) ? renderNonce(request.headers) : null;
    const nonce = isPagePath(pathname) ? (rendering ?? newNonce()) : undefined;
    const security = securityHeaders({ pathname, baseUrl: baseUrl(), nonce });
    const extra = {
      ...security,
      // The render request's answer goes to the stored-page route only, which writes the resolver's headers itself.
      ...((resolver.kind === 'page' && rendering === null) ||
      resolver.kind === 'rewrite' ||
      resolver.kind === 'malformed' ||
      resolver.kind === 'compressed'
        ? resolver.headers
        : {}),
    };
    const finish = (response: Response, rateLimit?: RateLimitResult) =>
      decorate(response, { surface, requestId, cors, rateLimit, extra });

    try {
      if (resolver.kind === 'none') {
        const slashed = trailingSlashRedirect(url);
        if (slashed) return finish(slashed);
      }
      // OPTIONS on a resolver address (GS1 resolver standard): its methods and CORS, never rate-limited, no body.
      if (resolver.kind === 'options' || (resolver.kind === 'compressed' && request.method === 'OPTIONS'))
        return finish(resolverOptionsResponse(resolver.headers));
      // A compressed Digital Link URI: to its uncompressed form, which the Link header also names (owl:sameAs).
      if (resolver.kind === 'compressed')
        return finish(new Response(null, { status: 307, headers: { Location: resolver.location } }));
      if (cors === 'preflight') return finish(preflightResponse());

      let edge: RateLimitResult | undefined;
      if (edgeLimitApplies(pathname) || resolverJson) {
        edge = await deps.limitEdge(clientAddressFromHeaders(request.headers));
        if (!edge.success) {
          const refusal = new ServiceError('RATE_LIMITED', RATE_LIMITED_MESSAGE, { headers: rateLimitHeaders(edge) });
          return finish(renderError(surface, refusal, { requestId }), edge);
        }
      }

      if (resolver.kind === 'internal') return finish(renderError(surface, addresses.notFound(), { requestId }), edge);
      if (resolver.kind === 'malformed')
        return finish(renderError(surface, malformedAddress(resolver.reason), { requestId }), edge);
      // Next.js would refuse it with a bare 500; a 403 page says what happened.
      if (isForeignOriginAction(request)) return finish(foreignOriginPage(), edge);
      if (surface === 'public' && declaredLength(request.headers) > FORM_MAX_BODY_BYTES)
        return finish(formTooLarge(), edge);
      const switchedOff = featureGate(pathname, deps.flags());
      if (switchedOff) return finish(renderError(surface, switchedOff, { requestId }), edge);

      const path = url.pathname + url.search;
      const headers = forwardedRequestHeaders(request.headers, {
        requestId,
        edge,
        path,
        contentSecurityPolicy: nonce ? security['Content-Security-Policy'] : undefined,
      });
      for (const internal of RESOLVER_INTERNAL_HEADERS) headers.delete(internal);
      headers.delete(PAGE_RENDER_HEADER);
      headers.delete(PAGE_NONCE_HEADER);
      // The page's language, chosen here only: a client's own header of that name is replaced.
      headers.set(LOCALE_HEADER, pageLocale(url, request.headers));
      if (resolver.kind === 'rewrite') {
        headers.set(RESOLVER_PATH_HEADER, resolver.address ?? pathname);
        if (resolver.target === 'linktype') {
          headers.set(RESOLVER_LINK_TYPE_HEADER, url.searchParams.get('linkType') ?? '');
          headers.set(RESOLVER_QUERY_HEADER, passedOnQuery(url));
        }
        return finish(
          NextResponse.rewrite(new URL(resolver.internalPath, request.url), { request: { headers } }),
          edge,
        );
      }
      // The stored page's route sends X-Robots-Tag itself, from the one read it makes; so does its render request.
      if (
        rendering === null &&
        deps.storedPages?.() &&
        servesStoredPage({ method: request.method, url, headers: request.headers }, resolver, addresses)
      ) {
        // The route sends Link itself: the linkset's beside the page's own preloads (a middleware Link would replace them).
        // It also sends the page's own policy (hashes of its scripts, no nonce: every answer is the same) and Vary.
        delete extra.Link;
        delete extra.Vary;
        delete extra['Content-Security-Policy'];
        headers.delete('content-security-policy');
        headers.set(RESOLVER_PATH_HEADER, resolver.kind === 'page' ? (resolver.rewriteTo ?? pathname) : pathname);
        return finish(NextResponse.rewrite(new URL(STORED_PAGE_ROUTE, request.url), { request: { headers } }), edge);
      }
      if (rendering === null) Object.assign(extra, await pageRobots(resolver, addresses));
      Object.assign(
        extra,
        restrictedPageHeaders(
          { method: request.method, pathname, cookie: request.headers.get('cookie') },
          resolver,
          addresses,
        ),
      );
      // A resolver address with a trailing slash renders the page of the address without it.
      const next =
        resolver.kind === 'page' && resolver.rewriteTo
          ? NextResponse.rewrite(new URL(`${resolver.rewriteTo}${url.search}`, request.url), { request: { headers } })
          : NextResponse.next({ request: { headers } });
      // A route with its own tighter limit writes RateLimit-* itself (see rate-limit/scope.ts).
      const routeOwnsLimit = routeLimitPolicy(request.method, pathname) !== null;
      return finish(next, routeOwnsLimit ? undefined : edge);
    } catch (error) {
      return finish(renderError(surface, error, { requestId, log: deps.log }));
    }
  };
}

import { type ServedBytes, servedBytes } from '../crypto/served-bytes';
import { ServiceError } from '../errors';
import { type CachedSurface, cachingHeaders } from './caching';
import { clientAddressFromHeaders } from './client-address';
import { renderPublicError } from './errors';
import { edgeLimitFromHeaders, limit, type RateLimitResult, rateLimitHeaders, tightestLimit } from './rate-limit';
import { requestIdFrom } from './request-id';

/** Same words as the edge refusal (lib/http/middleware/handle-request.ts), so a client sees one 429 either way. */
export const RATE_LIMITED_MESSAGE = 'Rate limit exceeded. Retry after the number of seconds in the Retry-After header.';

export interface PublicRouteOptions {
  /**
   * The route's own per-address limit. Only for paths `routeLimitPolicy` names (GET/HEAD /api/dpp/{slug}):
   * there the middleware leaves RateLimit-* to the route, because its headers would win over ours.
   */
  limit?: 'dpp';
}

export interface PublicRouteArgs<P> {
  params: P;
  requestId: string;
}

type Handler<P> = (request: Request, args: PublicRouteArgs<P>) => Promise<Response>;

/**
 * The one wrapper of public GET routes: request id, the optional per-address limit (the tightest of it and
 * the edge result goes out as RateLimit-* on every answer, 304 and errors included), and the public error
 * shapes. Anything that is not a ServiceError becomes a bare 500; internals stay in the server log.
 */
export function publicRoute<P>(options: PublicRouteOptions, handler: Handler<P>) {
  return async function route(request: Request, context: { params: Promise<P> }): Promise<Response> {
    const requestId = requestIdFrom(request.headers);
    let rateLimit: RateLimitResult | undefined;
    let response: Response;
    try {
      if (options.limit) {
        const own = await limit(options.limit, clientAddressFromHeaders(request.headers));
        rateLimit = tightestLimit(edgeLimitFromHeaders(request.headers), own);
        if (!own.success) throw new ServiceError('RATE_LIMITED', RATE_LIMITED_MESSAGE);
      }
      response = await handler(request, { params: await context.params, requestId });
    } catch (error) {
      response = renderPublicError(error, { requestId });
      // A public read's 404 is the same for everyone: shared caches keep it as briefly as a passport answer.
      if (response.status === 404)
        for (const [name, value] of Object.entries(cachingHeaders('not-found'))) response.headers.set(name, value);
    }
    // The middleware sets the same id on the way out; setting it here covers calls without middleware.
    response.headers.set('X-Request-Id', requestId);
    if (rateLimit)
      for (const [name, value] of Object.entries(rateLimitHeaders(rateLimit))) response.headers.set(name, value);
    return response;
  };
}

export { type ServedBytes, strongEtag } from '../crypto/served-bytes';

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): `W/` prefixes are ignored, `*` matches anything. */
export function matchesIfNoneMatch(request: Pick<Request, 'headers'>, etag: string): boolean {
  const header = request.headers.get('if-none-match');
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * A 200 with the body and its strong ETag, or a bodiless 304 when the client already holds these bytes.
 * The 304 repeats the validator and the cache headers (RFC 9110 15.4.5).
 */
export function conditionalResponse(
  request: Request,
  body: string | Uint8Array | ServedBytes,
  headers: Record<string, string>,
): Response {
  const { bytes, etag } = typeof body === 'string' || body instanceof Uint8Array ? servedBytes(body) : body;
  const all = new Headers({ ...headers, ETag: etag });
  if (matchesIfNoneMatch(request, etag)) {
    all.delete('Content-Type');
    all.delete('Content-Length');
    return new Response(null, { status: 304, headers: all });
  }
  return new Response(bytes as BodyInit, { status: 200, headers: all });
}

/**
 * A representation as its owner hands it over (RFC 9110 3.2): the exact bytes, their strong validator, and the
 * headers that describe them. Who built it, and how, is none of this layer's business.
 */
export interface Representation extends ServedBytes {
  contentType: string;
  /** Its row of the caching table (lib/http/caching.ts): Cache-Control and Vary come from there. */
  caching: CachedSurface;
  /** Further headers describing the bytes, sent on the 304 too. */
  headers?: Record<string, string>;
}

/** A representation as a 200, or as a bodiless 304 when the client already holds its bytes. */
export function representationResponse(request: Request, representation: Representation): Response {
  const { bytes, etag, contentType, caching, headers } = representation;
  return conditionalResponse(
    request,
    { bytes, etag },
    { 'Content-Type': contentType, ...cachingHeaders(caching), ...headers },
  );
}

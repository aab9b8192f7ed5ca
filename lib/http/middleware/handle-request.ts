import { NextResponse } from 'next/server';
import type { Logger } from 'pino';
import { clientAddressFromHeaders } from '../client-address';
import { renderError, ServiceError } from '../errors';
import { rateLimitHeaders } from '../rate-limit/headers';
import { edgeLimitApplies, routeLimitPolicy } from '../rate-limit/scope';
import type { RateLimitResult } from '../rate-limit/types';
import { RESPONSE_REQUEST_ID_HEADER } from '../request-id';
import { surfaceOf, type Surface } from '../surface';
import { CORS_HEADERS, corsDecision, preflightResponse, type CorsDecision } from './cors';
import { featureGate, type FeatureFlags } from './feature-gate';
import { forwardedRequestHeaders } from './forwarded-headers';

export interface MiddlewareDeps {
  limitEdge(clientAddress: string): Promise<RateLimitResult>;
  flags(): FeatureFlags;
  newRequestId(): string;
  log?: Logger;
}

export const RATE_LIMITED_MESSAGE = 'Rate limit exceeded. Retry after the number of seconds in the Retry-After header.';

interface Decoration {
  surface: Surface;
  requestId: string;
  cors: CorsDecision;
  rateLimit?: RateLimitResult;
}

function decorate(response: Response, { surface, requestId, cors, rateLimit }: Decoration): Response {
  response.headers.set(RESPONSE_REQUEST_ID_HEADER[surface], requestId);
  if (cors !== 'none') for (const [name, value] of Object.entries(CORS_HEADERS)) response.headers.set(name, value);
  if (rateLimit) for (const [name, value] of Object.entries(rateLimitHeaders(rateLimit))) response.headers.set(name, value);
  return response;
}

/**
 * The request pipeline, in order: request id, CORS preflight, edge rate limit (before the feature
 * flags, so every /api answer carries RateLimit-*), feature flags, then the route.
 *
 * How Next 16.4 merges headers (read in next/dist/server/lib/router-utils/resolve-routes.js and
 * send-response.js, confirmed against a built app): headers set on NextResponse.next() are written
 * to the outgoing response before the route runs, and a route header is only added when no header
 * of that name is there yet (set-cookie, vary, www-authenticate, proxy-authenticate append). So on a
 * clash the middleware wins; its response headers are also copied into the route's request headers.
 * Hence a route with its own tighter limit gets the edge result in x-service-edge-rate-limit and
 * writes RateLimit-* itself, and the middleware writes them only for the other routes.
 */
export function createMiddleware(deps: MiddlewareDeps) {
  return async function middleware(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    const surface = surfaceOf(pathname);
    const requestId = deps.newRequestId();
    const cors = corsDecision(request.method, pathname);
    const finish = (response: Response, rateLimit?: RateLimitResult) =>
      decorate(response, { surface, requestId, cors, rateLimit });

    try {
      if (cors === 'preflight') return finish(preflightResponse());

      let edge: RateLimitResult | undefined;
      if (edgeLimitApplies(pathname)) {
        edge = await deps.limitEdge(clientAddressFromHeaders(request.headers));
        if (!edge.success) {
          const refusal = new ServiceError('RATE_LIMITED', RATE_LIMITED_MESSAGE, { headers: rateLimitHeaders(edge) });
          return finish(renderError(surface, refusal, { requestId }), edge);
        }
      }

      const switchedOff = featureGate(pathname, deps.flags());
      if (switchedOff) return finish(renderError(surface, switchedOff, { requestId }), edge);

      const next = NextResponse.next({ request: { headers: forwardedRequestHeaders(request.headers, { requestId, edge }) } });
      // A route with its own tighter limit writes RateLimit-* itself (see rate-limit/scope.ts).
      const routeOwnsLimit = routeLimitPolicy(request.method, pathname) !== null;
      return finish(next, routeOwnsLimit ? undefined : edge);
    } catch (error) {
      return finish(renderError(surface, error, { requestId, log: deps.log }));
    }
  };
}

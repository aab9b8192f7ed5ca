import { EDGE_RATE_LIMIT_HEADER, encodeEdgeLimit } from '../rate-limit/headers';
import type { RateLimitResult } from '../rate-limit/types';
import { REQUEST_ID_HEADER } from '../request-id';

/** The path and query the browser asked for, so a page can send it back there after sign-in. */
export const REQUEST_PATH_HEADER = 'x-service-request-path';

/**
 * Request headers only the middleware may write. A client-sent copy is always replaced or dropped.
 * (`x-service-client-ip` is not here: the custom server owns it and has already overwritten it.)
 */
export const MIDDLEWARE_OWNED_HEADERS = [
  REQUEST_ID_HEADER,
  EDGE_RATE_LIMIT_HEADER,
  REQUEST_PATH_HEADER,
  'content-security-policy',
] as const;

/** The request headers handed to the route: the client's, with our request id and edge result. */
export function forwardedRequestHeaders(
  incoming: Headers,
  {
    requestId,
    edge,
    path,
    contentSecurityPolicy,
  }: {
    requestId: string;
    edge?: RateLimitResult;
    path?: string /** A page's policy: Next.js takes the script nonce from it. */;
    contentSecurityPolicy?: string;
  },
): Headers {
  const headers = new Headers(incoming);
  for (const name of MIDDLEWARE_OWNED_HEADERS) headers.delete(name);
  headers.set(REQUEST_ID_HEADER, requestId);
  if (edge) headers.set(EDGE_RATE_LIMIT_HEADER, encodeEdgeLimit(edge));
  if (path) headers.set(REQUEST_PATH_HEADER, path);
  if (contentSecurityPolicy) headers.set('content-security-policy', contentSecurityPolicy);
  return headers;
}

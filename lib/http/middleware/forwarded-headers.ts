import { EDGE_RATE_LIMIT_HEADER, encodeEdgeLimit } from '../rate-limit/headers';
import type { RateLimitResult } from '../rate-limit/types';
import { REQUEST_ID_HEADER } from '../request-id';

/**
 * Request headers only the middleware may write. A client-sent copy is always replaced or dropped.
 * (`x-service-client-ip` is not here: the custom server owns it and has already overwritten it.)
 */
export const MIDDLEWARE_OWNED_HEADERS = [REQUEST_ID_HEADER, EDGE_RATE_LIMIT_HEADER] as const;

/** The request headers handed to the route: the client's, with our request id and edge result. */
export function forwardedRequestHeaders(
  incoming: Headers,
  { requestId, edge }: { requestId: string; edge?: RateLimitResult },
): Headers {
  const headers = new Headers(incoming);
  for (const name of MIDDLEWARE_OWNED_HEADERS) headers.delete(name);
  headers.set(REQUEST_ID_HEADER, requestId);
  if (edge) headers.set(EDGE_RATE_LIMIT_HEADER, encodeEdgeLimit(edge));
  return headers;
}

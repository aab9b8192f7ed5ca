import { isUuid } from '../ids';
import { type Surface, surfaceOf } from './surface';

/** The request header the middleware overwrites on every request; routes read the id from it. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** Public and BMS responses say X-Request-Id; the Integration API says X-Service-Request-Id. */
export const RESPONSE_REQUEST_ID_HEADER: Record<Surface, string> = {
  public: 'X-Request-Id',
  bms: 'X-Request-Id',
  integration: 'X-Service-Request-Id',
};

export function newRequestId(): string {
  return crypto.randomUUID();
}

/**
 * The id the middleware put on the request. Only the middleware's own value is trusted: it replaces
 * any client-sent copy, so anything that is not one of our UUIDs (no middleware ran, e.g. in a unit
 * test) gets a fresh id instead of being echoed.
 */
export function requestIdFrom(headers: Pick<Headers, 'get'>): string {
  const value = headers.get(REQUEST_ID_HEADER);
  return value && isUuid(value) ? value : newRequestId();
}

export function responseRequestIdHeader(pathname: string): string {
  return RESPONSE_REQUEST_ID_HEADER[surfaceOf(pathname)];
}

import type { ServerResponse } from 'node:http';

/** Route handlers name a download's length here: Next 16 drops `Content-Length` from route responses. */
export const CONTENT_LENGTH_HEADER = 'X-Service-Content-Length';

/**
 * Restores the length a route declared (downloads promise Content-Length): Next's sendResponse forwards every
 * header but content-length/-encoding/transfer-encoding, each through setHeader, so the internal header becomes
 * the real one before the body is piped.
 */
export function restoreContentLength(res: ServerResponse): void {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name: string, value: number | string | readonly string[]) => {
    if (name.toLowerCase() !== CONTENT_LENGTH_HEADER.toLowerCase()) return setHeader(name, value);
    const length = Number(Array.isArray(value) ? value[0] : value);
    return Number.isSafeInteger(length) && length >= 0 ? setHeader('Content-Length', length) : res;
  };
}

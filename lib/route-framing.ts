import type { ServerResponse } from 'node:http';

/**
 * Next 16 drops a route response's framing headers (Content-Length, Content-Encoding, Transfer-Encoding): its
 * sendResponse forwards every other header, each through setHeader. A route that knows its body's framing names it
 * in an internal header instead, and the web server (scripts/server.ts) turns that into the real one before the body
 * is piped: a download promises its Content-Length; a stored page sent as its stored gzip bytes says so, which also
 * keeps Next.js's own compression from compressing it again (it leaves an answer that has a Content-Encoding).
 */
export const CONTENT_LENGTH_HEADER = 'X-Service-Content-Length';
export const CONTENT_ENCODING_HEADER = 'X-Service-Content-Encoding';

/** The encodings a route may declare: the one the stored pages are kept in. */
const DECLARABLE_ENCODINGS = new Set(['gzip']);

export function restoreFramingHeaders(res: ServerResponse): void {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name: string, value: number | string | readonly string[]) => {
    const lower = name.toLowerCase();
    const first = String(Array.isArray(value) ? value[0] : value);
    if (lower === CONTENT_LENGTH_HEADER.toLowerCase()) {
      const length = Number(first);
      return Number.isSafeInteger(length) && length >= 0 ? setHeader('Content-Length', length) : res;
    }
    if (lower === CONTENT_ENCODING_HEADER.toLowerCase())
      return DECLARABLE_ENCODINGS.has(first) ? setHeader('Content-Encoding', first) : res;
    return setHeader(name, value);
  };
}

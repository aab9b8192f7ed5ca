/** What CORS the contract gives a request: public reads are open to any origin, nothing else is. */
export type CorsDecision = 'preflight' | 'allow' | 'none';

const OPEN_READ = (pathname: string) =>
  pathname === '/api/health' || pathname.startsWith('/api/dpp/') || pathname.startsWith('/issuers/');

export function corsDecision(method: string, pathname: string): CorsDecision {
  if (!OPEN_READ(pathname)) return 'none';
  if (method === 'OPTIONS') return 'preflight';
  return method === 'GET' || method === 'HEAD' ? 'allow' : 'none';
}

/** Browsers may read the rate-limit, request-id and snapshot headers a cross-origin read returns. */
export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': [
    'RateLimit-Limit',
    'RateLimit-Remaining',
    'RateLimit-Reset',
    'Retry-After',
    'X-Request-Id',
    'ETag',
    'X-DPP-Version',
    'X-Snapshot-Sha256',
    'X-Snapshot-Bytes',
    'X-Snapshot-Published-At',
  ].join(', '),
};

export const PREFLIGHT_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, OPTIONS',
  'Access-Control-Allow-Headers': 'Accept, Accept-Language, Content-Type, If-None-Match, If-Modified-Since',
  'Access-Control-Max-Age': '86400',
};

/** 204 for a preflight on an open read; no body, never counted against a rate limit. */
export function preflightResponse(): Response {
  return new Response(null, { status: 204, headers: PREFLIGHT_HEADERS });
}

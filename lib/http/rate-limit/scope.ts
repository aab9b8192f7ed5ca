import { isBmsUpdatePath, isIntegrationPath } from '../surface';
import type { PolicyName } from './types';

/**
 * The edge limit covers every /api/* path except exactly /api/health (/api/v1/health is limited), and the
 * issuers' DID documents and status lists under /issuers/, read from the database like the passport JSON.
 */
export function edgeLimitApplies(pathname: string): boolean {
  return (pathname.startsWith('/api/') && pathname !== '/api/health') || pathname.startsWith('/issuers/');
}

const PUBLIC_DPP = /^\/api\/dpp\/[^/]+\/?$/;
const UNAUTHENTICATED_V1 = new Set(['/api/v1/health', '/api/v1/openapi.json']);

/**
 * The tighter limit a route wrapper applies itself, if any. Such a route writes the RateLimit-*
 * headers (the tightest of edge and its own), so the middleware must not: in Next 16 a header the
 * middleware sets on `NextResponse.next()` wins over the route's header of the same name.
 */
export function routeLimitPolicy(
  method: string,
  pathname: string,
): Extract<PolicyName, 'dpp' | 'apiKey' | 'bmsSecret'> | null {
  if ((method === 'GET' || method === 'HEAD') && PUBLIC_DPP.test(pathname)) return 'dpp';
  if (method === 'POST' && isBmsUpdatePath(pathname)) return 'bmsSecret';
  if (isIntegrationPath(pathname) && !UNAUTHENTICATED_V1.has(pathname) && method !== 'OPTIONS') return 'apiKey';
  return null;
}

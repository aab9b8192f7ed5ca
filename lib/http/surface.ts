/**
 * Which of the contract's three surfaces a path belongs to: it decides the error envelope
 * and the request-id header name. The BMS endpoint sits under /api/v1 but is its own surface.
 */
export type Surface = 'public' | 'integration' | 'bms';

const BMS_PATH = /^\/api\/v1\/products\/[^/]+\/bms-update\/?$/;

export function isBmsPath(pathname: string): boolean {
  return BMS_PATH.test(pathname);
}

export function isIntegrationPath(pathname: string): boolean {
  return (pathname === '/api/v1' || pathname.startsWith('/api/v1/')) && !isBmsPath(pathname);
}

export function surfaceOf(pathname: string): Surface {
  if (isBmsPath(pathname)) return 'bms';
  if (isIntegrationPath(pathname)) return 'integration';
  return 'public';
}

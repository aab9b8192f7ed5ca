/**
 * Which of the contract's three surfaces a path belongs to: it decides the error envelope
 * and the request-id header name. The BMS endpoint sits under /api/v1 but is its own surface.
 */
export type Surface = 'public' | 'integration' | 'bms';

const BMS_UPDATE_PATH = /^\/api\/v1\/products\/[^/]+\/bms-update\/?$/;
/** The BMS endpoint's own machine-readable specification: part of the BMS surface (its flag, its envelope). */
export const BMS_OPENAPI_PATH = '/api/v1/bms/openapi.json';

export function isBmsUpdatePath(pathname: string): boolean {
  return BMS_UPDATE_PATH.test(pathname);
}

export function isBmsPath(pathname: string): boolean {
  return isBmsUpdatePath(pathname) || pathname === BMS_OPENAPI_PATH;
}

export function isIntegrationPath(pathname: string): boolean {
  return (pathname === '/api/v1' || pathname.startsWith('/api/v1/')) && !isBmsPath(pathname);
}

export function surfaceOf(pathname: string): Surface {
  if (isBmsPath(pathname)) return 'bms';
  if (isIntegrationPath(pathname)) return 'integration';
  return 'public';
}

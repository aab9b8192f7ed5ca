/**
 * One cookie per passport a browser was granted (name = prefix + product id without dashes), so access to one
 * passport never replaces access to another. Its value is a random session token; the database keeps its hash.
 */
export const GRANT_COOKIE_PREFIX = 'bps_poli_';

export const grantCookieName = (productId: string): string =>
  `${GRANT_COOKIE_PREFIX}${productId.replace(/-/g, '').toLowerCase()}`;

/** Cookie names in a Cookie header (values untouched). */
export function cookieNames(cookieHeader: string | null | undefined): string[] {
  if (!cookieHeader) return [];
  return cookieHeader
    .split(';')
    .map((part) => part.split('=', 1)[0].trim())
    .filter((name) => name.length > 0);
}

/** One cookie's value from a Cookie header, or null. */
export function cookieValue(cookieHeader: string | null | undefined, name: string): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/** Whether a request carries any grant cookie: such a passport page may hold restricted data. */
export const hasGrantCookie = (cookieHeader: string | null | undefined): boolean =>
  cookieNames(cookieHeader).some((name) => name.startsWith(GRANT_COOKIE_PREFIX));

/** Secure whenever the service is reached over https: its public address says so, or this request came that way. */
export const secureCookie = (baseUrl: string, requestUrl: string): boolean =>
  baseUrl.startsWith('https:') || new URL(requestUrl).protocol === 'https:';

/** The Set-Cookie value: httpOnly (no script reads it), SameSite=Lax (no cross-site POST carries it), whole site. */
export function grantCookieHeader(
  name: string,
  value: string,
  { maxAgeSeconds, secure }: { maxAgeSeconds: number; secure: boolean },
): string {
  const attributes = [
    `${name}=${value}`,
    'Path=/',
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}

export const clearedGrantCookieHeader = (name: string, secure: boolean): string =>
  grantCookieHeader(name, '', { maxAgeSeconds: 0, secure });

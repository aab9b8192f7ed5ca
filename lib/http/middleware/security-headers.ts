/**
 * Headers every answer carries, whatever route made it: no MIME sniffing, no framing (clickjacking), no plugins,
 * forms and <base> only towards this origin, HSTS once the service is served over https. Links that carry a token
 * in their query (the PoLI verification and access links) send no referrer at all.
 */
export function securityHeaders({ pathname, baseUrl }: { pathname: string; baseUrl: string }): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Content-Security-Policy': "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'",
    'Referrer-Policy': pathname.startsWith('/api/poli/') ? 'no-referrer' : 'strict-origin-when-cross-origin',
  };
  if (baseUrl.startsWith('https://')) headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}

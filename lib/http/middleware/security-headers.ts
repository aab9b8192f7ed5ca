import { randomBytes } from 'node:crypto';

/** 128 random bits, fresh for every page answer: a script must carry it to run. */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/** Answers that are not pages (JSON, CSV, files): nothing in them may run, frame or post anywhere. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'";

/**
 * A page's policy: scripts only with this answer's nonce (Next.js puts it on its own inline and chunk scripts when it
 * finds it in the request's Content-Security-Policy), and what those scripts load ('strict-dynamic'); styles from
 * this origin or with the nonce; nothing from elsewhere. JSON-LD data blocks are not scripts and need no nonce.
 */
export function pagePolicy(nonce: string, https: boolean): string {
  return policyOf([`'nonce-${nonce}'`], [`'nonce-${nonce}'`], https);
}

/**
 * The policy of a page shared by every anonymous answer (the stored viewer page, lib/http/page-hashes.ts): the same
 * as pagePolicy's with the hashes of the page's own inline scripts and styles in place of a nonce.
 */
export function hashedPagePolicy(scriptHashes: string[], styleHashes: string[], https: boolean): string {
  return policyOf(scriptHashes, styleHashes, https);
}

function policyOf(scripts: string[], styles: string[], https: boolean): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scripts, "'strict-dynamic'"].join(' '),
    ["style-src 'self'", ...styles].join(' '),
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** Pages are every address outside /api (the resolver's JSON rewrites get the page policy too, harmlessly). */
export const isPagePath = (pathname: string) => !pathname.startsWith('/api/');

/**
 * Headers every answer carries, whatever route made it: no MIME sniffing, no framing (clickjacking), no plugins,
 * forms and <base> only towards this origin, HSTS once the service is served over https; pages also get the nonce
 * policy for scripts. Links that carry a token in their query (the PoLI verification and access links) send no
 * referrer at all.
 */
export function securityHeaders({
  pathname,
  baseUrl,
  nonce,
}: {
  pathname: string;
  baseUrl: string;
  nonce?: string;
}): Record<string, string> {
  const https = baseUrl.startsWith('https://');
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Content-Security-Policy': nonce ? pagePolicy(nonce, https) : API_POLICY,
    'Referrer-Policy': pathname.startsWith('/api/poli/') ? 'no-referrer' : 'strict-origin-when-cross-origin',
  };
  if (https) headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}

import type { ServerResponse } from 'node:http';

const tokens = (value: string) =>
  value
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

/** nginx keeps no answer whose Vary is longer than this (NGX_HTTP_CACHE_VARY_LEN): such a page would never be cached. */
const CACHEABLE_VARY_BYTES = 128;

/**
 * Vary is a list (RFC 9110 12.5.5): the union of both, existing tokens first, no duplicates, `*` absorbing all.
 * Written with the usual spaces after the commas, unless that makes it longer than a shared cache keeps: then without
 * them (a viewer page's Next.js router headers and the caching table's four come to 129 bytes with spaces, 122
 * without).
 */
export function mergeVary(existing: string | undefined, added: string): string {
  const merged: string[] = [];
  for (const token of [...tokens(existing ?? ''), ...tokens(added)]) {
    if (token === '*') return '*';
    if (!merged.some((t) => t.toLowerCase() === token.toLowerCase())) merged.push(token);
  }
  const spaced = merged.join(', ');
  return spaced.length <= CACHEABLE_VARY_BYTES ? spaced : merged.join(',');
}

const joined = (value: number | string | readonly string[]) =>
  Array.isArray(value) ? value.join(', ') : String(value);

/**
 * Next 16.4 app pages replace Vary with `setHeader` after the middleware set it, dropping the resolver's
 * `Vary: Accept`; on this response a later Vary adds its tokens instead.
 */
export function keepVaryTokens(res: ServerResponse): void {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name: string, value: number | string | readonly string[]) => {
    if (name.toLowerCase() !== 'vary') return setHeader(name, value);
    const current = res.getHeader('vary');
    return setHeader(name, mergeVary(current === undefined ? undefined : joined(current), joined(value)));
  };
}

import type { ResolverDecision, ResolverDeps } from './resolver';

/** What a passport page that may show restricted fields is sent with: no shared cache keeps it, no cache stores it. */
export const RESTRICTED_PAGE_CACHE_CONTROL = 'private, no-store';

/**
 * A passport page requested with a restricted-access grant may carry restricted fields, so it is never cached: the
 * viewer page (GET/HEAD) and its form posts alike. The resolver's JSON answers are left alone: they never do.
 */
export function restrictedPageHeaders<K>(
  request: { method: string; pathname: string; cookie: string | null },
  resolver: ResolverDecision<K>,
  addresses: Pick<ResolverDeps<K>, 'parse' | 'restricted'>,
): Record<string, string> {
  if (!addresses.restricted(request.cookie)) return {};
  const page = resolver.kind === 'page' || (request.method === 'POST' && addresses.parse(request.pathname) !== null);
  return page ? { 'Cache-Control': RESTRICTED_PAGE_CACHE_CONTROL } : {};
}

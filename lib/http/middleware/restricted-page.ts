import { cachingHeaders } from '../caching';
import type { ResolverDecision, ResolverDeps } from './resolver';

/**
 * A passport page requested with a restricted-access grant may carry restricted fields, so it is never cached: the
 * viewer page (GET/HEAD) and its form posts alike get the caching table's `restricted-page` row (`private,
 * no-store`, and Vary: Accept, Cookie, like the anonymous page it must never be mistaken for). The resolver's JSON
 * answers are left alone: they never carry restricted fields.
 */
export function restrictedPageHeaders<K>(
  request: { method: string; pathname: string; cookie: string | null },
  resolver: ResolverDecision<K>,
  addresses: Pick<ResolverDeps<K>, 'parse' | 'restricted'>,
): Record<string, string> {
  if (!addresses.restricted(request.cookie)) return {};
  const page = resolver.kind === 'page' || (request.method === 'POST' && addresses.parse(request.pathname) !== null);
  return page ? cachingHeaders('restricted-page') : {};
}

import type { ServerResponse } from 'node:http';
import { RESOLVER_ROUTE_PREFIX } from './middleware/resolver';

/**
 * Next.js tells the client where a middleware rewrite went (`x-middleware-rewrite`), for its own client-side
 * router. The resolver's rewrites go to internal routes no one may call directly: their address stays inside.
 */
export function hideInternalRewrites(res: ServerResponse): void {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name: string, value: number | string | readonly string[]) => {
    if (name.toLowerCase() === 'x-middleware-rewrite' && String(value).startsWith(RESOLVER_ROUTE_PREFIX)) return res;
    return setHeader(name, value);
  };
}

import { RESOLVER_PATH_HEADER } from '@/lib/http/middleware/resolver';
import { publicRoute, representationResponse } from '@/lib/http/public-route';
import { publicRepresentation } from '@/lib/passport/public/representations';

export const dynamic = 'force-dynamic';

/**
 * The RFC 9264 linkset of the passport a resolver address names (in RESOLVER_PATH_HEADER). Reached only through
 * the middleware's rewrite of `?linkType=linkset` or `Accept: application/linkset+json`; a direct request is 404.
 */
export const GET = publicRoute<object>({}, async (request) => {
  const resolverPath = request.headers.get(RESOLVER_PATH_HEADER);
  return representationResponse(request, await publicRepresentation({ form: 'linkset', resolverPath }));
});

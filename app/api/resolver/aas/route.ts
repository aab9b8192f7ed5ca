import { RESOLVER_PATH_HEADER } from '@/lib/http/middleware/resolver';
import { publicRoute, representationResponse } from '@/lib/http/public-route';
import { publicRepresentation } from '@/lib/passport/public/representations';

export const dynamic = 'force-dynamic';

/**
 * The Asset Administration Shell of the passport a resolver address names (in RESOLVER_PATH_HEADER), the bytes
 * `/api/dpp/{slug}/aas` serves. Reached only through the middleware's rewrite for a request asking for
 * `application/aas+json`; a direct request is 404.
 */
export const GET = publicRoute<object>({}, async (request) => {
  const resolverPath = request.headers.get(RESOLVER_PATH_HEADER);
  return representationResponse(request, await publicRepresentation({ form: 'aas', resolverPath }));
});

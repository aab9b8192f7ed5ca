import { config } from '@/lib/config';
import { RESOLVER_PATH_HEADER } from '@/lib/http/middleware/resolver';
import { conditionalResponse, publicRoute, REVALIDATE } from '@/lib/http/public-route';
import { buildLinkset, LINKSET_MEDIA_TYPE } from '@/lib/passport/public/linkset';
import { requireResolvedPassport } from '@/lib/passport/public/served';

export const dynamic = 'force-dynamic';

/**
 * The RFC 9264 linkset of the passport a resolver address names (in RESOLVER_PATH_HEADER). Reached only through
 * the middleware's rewrite of `?linkType=linkset` or `Accept: application/linkset+json`; a direct request is 404.
 */
export const GET = publicRoute<object>({}, async (request) => {
  const passport = await requireResolvedPassport(request.headers.get(RESOLVER_PATH_HEADER));
  return conditionalResponse(request, JSON.stringify(buildLinkset(passport, config().BASE_URL)), {
    'Content-Type': LINKSET_MEDIA_TYPE,
    'Cache-Control': REVALIDATE,
  });
});

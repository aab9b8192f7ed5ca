import { RESOLVER_PATH_HEADER } from '@/lib/http/middleware/resolver';
import { conditionalResponse, publicRoute, REVALIDATE } from '@/lib/http/public-route';
import { jsonLdBody, requireResolvedPassport } from '@/lib/passport/public/served';

export const dynamic = 'force-dynamic';

/**
 * The JSON-LD of the passport a resolver address names (in RESOLVER_PATH_HEADER), byte for byte what
 * `/api/dpp/{slug}/jsonld` serves. Reached only through the middleware's rewrite for a non-browser asking for
 * `application/ld+json`; a direct request is 404.
 */
export const GET = publicRoute<object>({}, async (request) => {
  const passport = await requireResolvedPassport(request.headers.get(RESOLVER_PATH_HEADER));
  return conditionalResponse(request, jsonLdBody(passport), {
    'Content-Type': 'application/ld+json; charset=utf-8',
    'Cache-Control': REVALIDATE,
  });
});

import { RESOLVER_LINK_TYPE_HEADER, RESOLVER_PATH_HEADER, RESOLVER_QUERY_HEADER } from '@/lib/http/middleware/resolver';
import { publicRoute } from '@/lib/http/public-route';
import { resolverLinkType } from '@/lib/passport/public/representations';

export const dynamic = 'force-dynamic';

/**
 * One link type of the passport a resolver address names (`?linkType=gs1:…`, GS1-Conformant resolver): 307 to the
 * link with the request's other query parameters, 300 with the links of that type when Accept does not pick one,
 * 404 when the passport has no link of that type. Reached only through the middleware's rewrite; a direct request
 * is 404.
 */
export const GET = publicRoute<object>({}, async (request) => {
  const answer = await resolverLinkType(request.headers.get(RESOLVER_PATH_HEADER), {
    linkType: request.headers.get(RESOLVER_LINK_TYPE_HEADER) ?? '',
    query: request.headers.get(RESOLVER_QUERY_HEADER) ?? '',
    accept: request.headers.get('accept'),
  });
  if (answer.kind === 'redirect')
    return new Response(null, {
      status: 307,
      headers: { Location: answer.location, 'Cache-Control': 'public, max-age=0, must-revalidate' },
    });
  return new Response(JSON.stringify(answer.linkset), {
    status: 300,
    headers: { 'Content-Type': 'application/linkset+json', 'Cache-Control': 'public, max-age=0, must-revalidate' },
  });
});

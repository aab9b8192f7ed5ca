import { conditionalResponse, publicRoute, REVALIDATE } from '@/lib/http/public-route';
import { jsonLdBody, requirePublishedPassport } from '@/lib/passport/public/served';

export const dynamic = 'force-dynamic';

/** The passport as linked data (schema.org Product + our dpp:/espr: terms); 404 and 410 as the JSON route. */
export const GET = publicRoute<{ slug: string }>({}, async (request, { params }) => {
  const passport = await requirePublishedPassport(params.slug);
  return conditionalResponse(request, jsonLdBody(passport), {
    'Content-Type': 'application/ld+json; charset=utf-8',
    'Cache-Control': REVALIDATE,
  });
});

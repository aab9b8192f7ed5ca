import { conditionalResponse, publicRoute, REVALIDATE } from '@/lib/http/public-route';
import { publicDocumentBySlug } from '@/lib/passport/public/documents';

export const dynamic = 'force-dynamic';

/** The passport as linked data (schema.org Product + our dpp:/espr: terms); 404 and 410 as the JSON route. */
export const GET = publicRoute<{ slug: string }>({}, async (request, { params }) => {
  return conditionalResponse(request, await publicDocumentBySlug(params.slug, 'jsonld'), {
    'Content-Type': 'application/ld+json; charset=utf-8',
    'Cache-Control': REVALIDATE,
  });
});

import { publicRoute, representationResponse } from '@/lib/http/public-route';
import { publicRepresentation } from '@/lib/passport/public/representations';

export const dynamic = 'force-dynamic';

/** The passport as linked data (schema.org Product + our dpp:/espr: terms); 404 and 410 as the JSON route. */
export const GET = publicRoute<{ slug: string }>({}, async (request, { params }) =>
  representationResponse(request, await publicRepresentation({ form: 'jsonld', slug: params.slug })),
);

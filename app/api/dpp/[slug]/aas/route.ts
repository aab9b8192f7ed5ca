import { publicRoute, representationResponse } from '@/lib/http/public-route';
import { publicRepresentation } from '@/lib/passport/public/representations';

export const dynamic = 'force-dynamic';

/**
 * The passport as an Asset Administration Shell (AAS V3.0 Environment, application/aas+json) with the IDTA 02035
 * submodels it has public data for; built from the same public view as the JSON, stored once per revision; 404 and
 * 410 as the JSON route.
 */
export const GET = publicRoute<{ slug: string }>({}, async (request, { params }) =>
  representationResponse(request, await publicRepresentation({ form: 'aas', slug: params.slug })),
);

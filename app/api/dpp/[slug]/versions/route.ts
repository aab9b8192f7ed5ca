import { publicRoute, representationResponse } from '@/lib/http/public-route';
import { publicRepresentation } from '@/lib/passport/public/representations';

export const dynamic = 'force-dynamic';

/** The published versions, each with the hash and size of the bytes its `/v/{version}` URL serves. */
export const GET = publicRoute<{ slug: string }>({}, async (request, { params }) =>
  representationResponse(request, await publicRepresentation({ form: 'versions', slug: params.slug })),
);

import { publicRoute, representationResponse } from '@/lib/http/public-route';
import { publicRepresentation } from '@/lib/passport/public/representations';

export const dynamic = 'force-dynamic';

/**
 * One recorded version as an Asset Administration Shell, made from the public view `/api/dpp/{slug}/v/{n}` serves;
 * served only while the passport is published, like the version itself.
 */
export const GET = publicRoute<{ slug: string; version: string }>({}, async (request, { params }) =>
  representationResponse(
    request,
    await publicRepresentation({ form: 'version-aas', slug: params.slug, version: params.version }),
  ),
);

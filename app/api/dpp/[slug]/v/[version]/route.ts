import { publicRoute, representationResponse } from '@/lib/http/public-route';
import { publicRepresentation } from '@/lib/passport/public/representations';

export const dynamic = 'force-dynamic';

/**
 * One recorded version, restricted fields removed at read time. Historical versions are served only while the
 * passport is published: a withdrawn passport's versions answer 404 like an unknown one.
 */
export const GET = publicRoute<{ slug: string; version: string }>({}, async (request, { params }) =>
  representationResponse(
    request,
    await publicRepresentation({ form: 'version', slug: params.slug, version: params.version }),
  ),
);

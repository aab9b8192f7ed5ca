import { publicRoute, representationResponse } from '@/lib/http/public-route';
import { publicRepresentation } from '@/lib/passport/public/representations';

export const dynamic = 'force-dynamic';

/**
 * One version's W3C Verifiable Credential (`application/vc+jwt`), signed by its company's issuer key at
 * publication. Served with its version's rules: only while the passport is published (a withdrawn passport's
 * credentials answer 404; their revocation is in the status list), 503 when the stored bytes fail their hash.
 */
export const GET = publicRoute<{ slug: string; version: string }>({}, async (request, { params }) =>
  representationResponse(
    request,
    await publicRepresentation({ form: 'credential', slug: params.slug, version: params.version }),
  ),
);

import { publicRoute, representationResponse } from '@/lib/http/public-route';
import { publicRepresentation } from '@/lib/passport/public/representations';

// Every answer reflects the database now: BMS values must show within 60 s, a withdrawal at once.
export const dynamic = 'force-dynamic';

/** The public DPP object: public-tier values of the served version, current dynamic values laid over it. */
export const GET = publicRoute<{ slug: string }>({ limit: 'dpp' }, async (request, { params }) =>
  // Stored bytes of the current revision: one query, shared with the reads of the same turn.
  representationResponse(request, await publicRepresentation({ form: 'dpp', slug: params.slug })),
);

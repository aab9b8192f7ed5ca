import { conditionalResponse, publicRoute, REVALIDATE } from '@/lib/http/public-route';
import { dppBody, requirePublishedPassport } from '@/lib/passport/public/served';

// Every answer reflects the database now: BMS values must show within 60 s, a withdrawal at once.
export const dynamic = 'force-dynamic';

/** The public DPP object: public-tier values of the served version, current dynamic values laid over it. */
export const GET = publicRoute<{ slug: string }>({ limit: 'dpp' }, async (request, { params }) => {
  const passport = await requirePublishedPassport(params.slug);
  return conditionalResponse(request, dppBody(passport), {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': REVALIDATE,
  });
});

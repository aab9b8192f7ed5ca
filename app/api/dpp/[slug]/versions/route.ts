import { conditionalResponse, publicRoute, REVALIDATE } from '@/lib/http/public-route';
import { requirePublishedPassport } from '@/lib/passport/public/served';
import { listPublicVersions } from '@/lib/passport/public/snapshot-view';

export const dynamic = 'force-dynamic';

/** The published versions, each with the hash and size of the bytes its `/v/{version}` URL serves. */
export const GET = publicRoute<{ slug: string }>({}, async (request, { params }) => {
  const passport = await requirePublishedPassport(params.slug);
  const listing = await listPublicVersions(passport);
  return conditionalResponse(request, JSON.stringify(listing), {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': REVALIDATE,
  });
});

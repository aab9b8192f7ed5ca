import { listHandoversEndpoint } from '@/lib/integration/api/handovers';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';
import { listHandovers } from '@/lib/passport/handover/handover';

export const dynamic = 'force-dynamic';

export const GET = integrationRoute(listHandoversEndpoint, async ({ ctx, db, query }) =>
  json({ data: await listHandovers({ ctx, db, input: { direction: query.direction ?? null } }) }),
);

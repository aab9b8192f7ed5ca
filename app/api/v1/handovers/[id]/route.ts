import { getHandoverEndpoint } from '@/lib/integration/api/handovers';
import { parseId } from '@/lib/integration/input';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';
import { getHandover } from '@/lib/passport/handover/handover';

export const dynamic = 'force-dynamic';

export const GET = integrationRoute<typeof getHandoverEndpoint, { id: string }>(
  getHandoverEndpoint,
  async ({ ctx, db, params }) =>
    json(await getHandover({ ctx, db, input: { handoverId: parseId(params.id, 'handover') } })),
);

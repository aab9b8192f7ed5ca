import { acceptHandoverEndpoint } from '@/lib/integration/api/handovers';
import { parseId } from '@/lib/integration/input';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';
import { acceptHandover } from '@/lib/passport/handover/handover';

export const dynamic = 'force-dynamic';

export const POST = integrationRoute<typeof acceptHandoverEndpoint, { id: string }>(
  acceptHandoverEndpoint,
  async ({ ctx, db, params, body }) =>
    json(
      await acceptHandover({ ctx, db, input: { name: body.name ?? null, handoverId: parseId(params.id, 'handover') } }),
    ),
);

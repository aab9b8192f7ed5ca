import { declineHandoverEndpoint } from '@/lib/integration/api/handovers';
import { parseId } from '@/lib/integration/input';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';
import { declineHandover } from '@/lib/passport/handover/handover';

export const dynamic = 'force-dynamic';

export const POST = integrationRoute<typeof declineHandoverEndpoint, { id: string }>(
  declineHandoverEndpoint,
  async ({ ctx, db, params, body }) =>
    json(
      await declineHandover({
        ctx,
        db,
        input: { reason: body.reason ?? null, handoverId: parseId(params.id, 'handover') },
      }),
    ),
);

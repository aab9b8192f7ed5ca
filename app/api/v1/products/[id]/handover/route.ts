import { offerHandoverEndpoint } from '@/lib/integration/api/handovers';
import { parseId } from '@/lib/integration/input';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';
import { offerHandover } from '@/lib/passport/handover/handover';

export const dynamic = 'force-dynamic';

export const POST = integrationRoute<typeof offerHandoverEndpoint, { id: string }>(
  offerHandoverEndpoint,
  async ({ ctx, db, params, body }) => {
    const handover = await offerHandover({ ctx, db, input: { ...body, productId: parseId(params.id, 'product') } });
    return json(handover, 201, { Location: `/api/v1/handovers/${handover.id}` });
  },
);

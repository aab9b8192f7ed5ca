import { gateEndpoint } from '@/lib/integration/api/products';
import { parseId } from '@/lib/integration/input';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';
import { productGate } from '@/lib/passport/drafts/gate';

export const dynamic = 'force-dynamic';

export const GET = integrationRoute<typeof gateEndpoint, { id: string }>(gateEndpoint, async ({ ctx, db, params }) =>
  json(await productGate({ ctx, db, input: { productId: parseId(params.id, 'product') } })),
);

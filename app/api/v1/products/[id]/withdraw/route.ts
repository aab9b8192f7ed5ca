import { withdrawEndpoint } from '@/lib/integration/api/products';
import { parseId } from '@/lib/integration/input';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';
import { productView } from '@/lib/passport/drafts/product-view';
import { withdrawPassport } from '@/lib/passport/drafts/withdraw-passport';

export const dynamic = 'force-dynamic';

export const POST = integrationRoute<typeof withdrawEndpoint, { id: string }>(
  withdrawEndpoint,
  async ({ ctx, db, params, body }) =>
    json(
      productView(await withdrawPassport({ ctx, db, input: { ...body, productId: parseId(params.id, 'product') } })),
    ),
);

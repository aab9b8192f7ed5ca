import { recycleEndpoint } from '@/lib/integration/api/products';
import { parseId } from '@/lib/integration/input';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';
import { productView } from '@/lib/passport/drafts/product-view';
import { recyclePassport } from '@/lib/passport/drafts/recycle-passport';

export const dynamic = 'force-dynamic';

export const POST = integrationRoute<typeof recycleEndpoint, { id: string }>(
  recycleEndpoint,
  async ({ ctx, db, params, body }) =>
    json(
      productView(
        await recyclePassport({
          ctx,
          db,
          input: { note: body.note ?? null, productId: parseId(params.id, 'product') },
        }),
      ),
    ),
);

import { putFormDataEndpoint } from '@/lib/integration/api/products';
import { parseId } from '@/lib/integration/input';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';
import { productView } from '@/lib/passport/drafts/product-view';
import { putFormData } from '@/lib/passport/drafts/put-form-data';

export const dynamic = 'force-dynamic';

export const PUT = integrationRoute<typeof putFormDataEndpoint, { id: string }>(
  putFormDataEndpoint,
  async ({ ctx, db, sql, params, body }) =>
    json(
      productView(
        await putFormData({ ctx, db: sql ?? db, input: { ...body, productId: parseId(params.id, 'product') } }),
      ),
    ),
);

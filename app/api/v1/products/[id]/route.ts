import { getProductEndpoint, updateProductEndpoint } from '@/lib/integration/api/products';
import { parseId } from '@/lib/integration/input';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';
import { getProductOrThrow } from '@/lib/passport/drafts/find-product';
import { productView } from '@/lib/passport/drafts/product-view';
import { updateProduct } from '@/lib/passport/drafts/update-product';
import { latestRepublication } from '@/lib/passport/models/republication';

export const dynamic = 'force-dynamic';

type Params = { id: string };

export const GET = integrationRoute<typeof getProductEndpoint, Params>(
  getProductEndpoint,
  async ({ ctx, db, params }) => {
    const product = await getProductOrThrow(db, ctx, parseId(params.id, 'product'));
    const view = productView(product);
    // Only a model has items to re-publish: every other product reads exactly as its other views show it.
    return json(product.kind === 'MODEL' ? { ...view, republication: await latestRepublication(db, product) } : view);
  },
);

export const PATCH = integrationRoute<typeof updateProductEndpoint, Params>(
  updateProductEndpoint,
  async ({ ctx, db, params, body }) =>
    json(productView(await updateProduct({ ctx, db, input: { ...body, productId: parseId(params.id, 'product') } }))),
);

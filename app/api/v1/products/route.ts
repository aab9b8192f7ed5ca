import { createProductEndpoint, listProductsEndpoint } from '@/lib/integration/api/products';
import { listProductsPage } from '@/lib/integration/api/products/list';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';
import { createProduct } from '@/lib/passport/drafts/create-product';
import { productView } from '@/lib/passport/drafts/product-view';

export const dynamic = 'force-dynamic';

export const GET = integrationRoute(listProductsEndpoint, async ({ ctx, db, query }) =>
  json(await listProductsPage(db, ctx, query)),
);

export const POST = integrationRoute(createProductEndpoint, async ({ ctx, db, body }) => {
  const product = await createProduct({ ctx, db, input: body });
  return json(productView(product), 201, { Location: `/api/v1/products/${product.id}` });
});

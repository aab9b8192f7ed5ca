import { schemaUpgradeEndpoint } from '@/lib/integration/api/products';
import { parseId } from '@/lib/integration/input';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';
import { productView } from '@/lib/passport/drafts/product-view';
import { upgradeSchemaVersion } from '@/lib/passport/drafts/upgrade-schema';

export const dynamic = 'force-dynamic';

export const POST = integrationRoute<typeof schemaUpgradeEndpoint, { id: string }>(
  schemaUpgradeEndpoint,
  async ({ ctx, db, params, body }) =>
    json(
      productView(
        await upgradeSchemaVersion({ ctx, db, input: { ...body, productId: parseId(params.id, 'product') } }),
      ),
    ),
);

import { schemaCompatibilityEndpoint } from '@/lib/integration/api/products';
import { parseId } from '@/lib/integration/input';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';
import { productSchemaCompatibility } from '@/lib/passport/drafts/schema-compatibility';

export const dynamic = 'force-dynamic';

export const GET = integrationRoute<typeof schemaCompatibilityEndpoint, { id: string }>(
  schemaCompatibilityEndpoint,
  async ({ ctx, db, params }) =>
    json(await productSchemaCompatibility({ ctx, db, input: { productId: parseId(params.id, 'product') } })),
);

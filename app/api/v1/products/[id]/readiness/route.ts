import { readinessEndpoint } from '@/lib/integration/api/products';
import { parseId } from '@/lib/integration/input';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';
import { productReadiness } from '@/lib/passport/drafts/readiness';

export const dynamic = 'force-dynamic';

export const GET = integrationRoute<typeof readinessEndpoint, { id: string }>(
  readinessEndpoint,
  async ({ ctx, db, params }) =>
    json(await productReadiness({ ctx, db, input: { productId: parseId(params.id, 'product') } })),
);

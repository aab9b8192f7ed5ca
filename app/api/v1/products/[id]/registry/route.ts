import { registryEndpoint } from '@/lib/integration/api/products';
import { parseId } from '@/lib/integration/input';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';
import { registrationStatus } from '@/lib/registry/status';

export const dynamic = 'force-dynamic';

export const GET = integrationRoute<typeof registryEndpoint, { id: string }>(
  registryEndpoint,
  async ({ ctx, db, params }) =>
    json(await registrationStatus({ ctx, db, input: { productId: parseId(params.id, 'product') } })),
);

import { listTelemetry } from '@/lib/bms/history';
import { telemetryEndpoint } from '@/lib/integration/api/products';
import { parseId } from '@/lib/integration/input';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';

export const dynamic = 'force-dynamic';

export const GET = integrationRoute<typeof telemetryEndpoint, { id: string }>(
  telemetryEndpoint,
  async ({ ctx, params, query }) =>
    json(await listTelemetry({ ctx, input: { ...query, productId: parseId(params.id, 'product') } })),
);

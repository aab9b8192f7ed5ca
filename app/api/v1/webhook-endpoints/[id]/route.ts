import { deleteEndpointEndpoint, getEndpointEndpoint, updateEndpointEndpoint } from '@/lib/integration/api/webhooks';
import { parseId } from '@/lib/integration/input';
import { json, noContent } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';
import { deleteWebhookEndpoint, updateWebhookEndpoint } from '@/lib/webhooks/endpoints/change';
import { getWebhookEndpoint } from '@/lib/webhooks/endpoints/list';

export const dynamic = 'force-dynamic';

type Params = { id: string };

export const GET = integrationRoute<typeof getEndpointEndpoint, Params>(
  getEndpointEndpoint,
  async ({ ctx, db, params }) =>
    json(await getWebhookEndpoint({ ctx, db, id: parseId(params.id, 'webhook endpoint') })),
);

export const PATCH = integrationRoute<typeof updateEndpointEndpoint, Params>(
  updateEndpointEndpoint,
  async ({ ctx, db, params, body }) =>
    json(await updateWebhookEndpoint({ ctx, db, id: parseId(params.id, 'webhook endpoint'), input: body })),
);

export const DELETE = integrationRoute<typeof deleteEndpointEndpoint, Params>(
  deleteEndpointEndpoint,
  async ({ ctx, db, params }) => {
    await deleteWebhookEndpoint({ ctx, db, id: parseId(params.id, 'webhook endpoint') });
    return noContent();
  },
);

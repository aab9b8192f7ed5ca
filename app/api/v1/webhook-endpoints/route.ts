import { pageBody, pageInput } from '@/lib/integration/api/paging';
import { createEndpointEndpoint, listEndpointsEndpoint } from '@/lib/integration/api/webhooks';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';
import { createWebhookEndpoint } from '@/lib/webhooks/endpoints/create';
import { listWebhookEndpoints } from '@/lib/webhooks/endpoints/list';

export const dynamic = 'force-dynamic';

export const GET = integrationRoute(listEndpointsEndpoint, async ({ ctx, db, query }) =>
  json(pageBody(await listWebhookEndpoints({ ctx, db, page: pageInput(query) }))),
);

export const POST = integrationRoute(createEndpointEndpoint, async ({ ctx, db, body }) => {
  const endpoint = await createWebhookEndpoint({ ctx, db, input: body });
  return json(endpoint, 201, { Location: `/api/v1/webhook-endpoints/${endpoint.id}` });
});

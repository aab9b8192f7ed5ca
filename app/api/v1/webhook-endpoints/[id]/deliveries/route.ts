import { pageBody, pageInput } from '@/lib/integration/api/paging';
import { listDeliveriesEndpoint } from '@/lib/integration/api/webhooks';
import { parseId } from '@/lib/integration/input';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';
import { listWebhookDeliveries } from '@/lib/webhooks/endpoints/list';

export const dynamic = 'force-dynamic';

export const GET = integrationRoute<typeof listDeliveriesEndpoint, { id: string }>(
  listDeliveriesEndpoint,
  async ({ ctx, db, params, query }) =>
    json(
      pageBody(
        await listWebhookDeliveries({
          ctx,
          db,
          id: parseId(params.id, 'webhook endpoint'),
          status: query.status,
          page: pageInput(query),
        }),
      ),
    ),
);

import { listDeliveriesEndpoint } from '@/lib/integration/api/webhooks';
import { pageOf, positionOf } from '@/lib/integration/api/webhooks/paging';
import { parseId } from '@/lib/integration/input';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';
import { listWebhookDeliveries } from '@/lib/webhooks/endpoints/list';

export const dynamic = 'force-dynamic';

export const GET = integrationRoute<typeof listDeliveriesEndpoint, { id: string }>(
  listDeliveriesEndpoint,
  async ({ ctx, db, params, query }) =>
    json(
      pageOf(
        await listWebhookDeliveries({
          ctx,
          db,
          id: parseId(params.id, 'webhook endpoint'),
          status: query.status,
          page: { after: positionOf(query.cursor), limit: query.limit },
        }),
      ),
    ),
);

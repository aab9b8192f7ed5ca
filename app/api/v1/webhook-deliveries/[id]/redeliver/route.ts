import { redeliverEndpoint } from '@/lib/integration/api/webhooks';
import { parseId } from '@/lib/integration/input';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';
import { redeliverWebhook } from '@/lib/webhooks/endpoints/redeliver';

export const dynamic = 'force-dynamic';

export const POST = integrationRoute<typeof redeliverEndpoint, { id: string }>(
  redeliverEndpoint,
  async ({ ctx, db, params }) =>
    json(await redeliverWebhook({ ctx, db, id: parseId(params.id, 'webhook delivery') }), 202),
);

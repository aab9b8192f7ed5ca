import { rotateSecretEndpoint } from '@/lib/integration/api/webhooks';
import { parseId } from '@/lib/integration/input';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';
import { rotateWebhookSecret } from '@/lib/webhooks/endpoints/rotate';

export const dynamic = 'force-dynamic';

export const POST = integrationRoute<typeof rotateSecretEndpoint, { id: string }>(
  rotateSecretEndpoint,
  async ({ ctx, db, params }) =>
    json(await rotateWebhookSecret({ ctx, db, id: parseId(params.id, 'webhook endpoint') })),
);

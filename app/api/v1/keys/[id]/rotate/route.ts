import { rotateKeyEndpoint } from '@/lib/integration/api/keys';
import { parseId } from '@/lib/integration/input';
import { rotateKey } from '@/lib/integration/key-admin/rotate';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';

export const dynamic = 'force-dynamic';

export const POST = integrationRoute<typeof rotateKeyEndpoint, { id: string }>(
  rotateKeyEndpoint,
  async ({ ctx, db, params, body }) => {
    const successor = await rotateKey({
      ctx,
      db,
      input: { keyId: parseId(params.id, 'key'), graceHours: body.graceHours },
    });
    return json(successor, 201, { Location: `/api/v1/keys/${successor.id}` });
  },
);

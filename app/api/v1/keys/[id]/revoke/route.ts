import { revokeKeyEndpoint } from '@/lib/integration/api/keys';
import { parseId } from '@/lib/integration/input';
import { revokeKey } from '@/lib/integration/key-admin/revoke';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';

export const dynamic = 'force-dynamic';

export const POST = integrationRoute<typeof revokeKeyEndpoint, { id: string }>(
  revokeKeyEndpoint,
  async ({ ctx, db, params }) => json(await revokeKey({ ctx, db, input: { keyId: parseId(params.id, 'key') } })),
);

import { getKeyEndpoint, updateKeyEndpoint } from '@/lib/integration/api/keys';
import { parseId } from '@/lib/integration/input';
import { getKeyOrThrow } from '@/lib/integration/key-admin/find';
import { updateKey } from '@/lib/integration/key-admin/update';
import { keyView } from '@/lib/integration/key-admin/view';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';

export const dynamic = 'force-dynamic';

type Params = { id: string };

export const GET = integrationRoute<typeof getKeyEndpoint, Params>(getKeyEndpoint, async ({ ctx, db, params }) =>
  json(keyView(await getKeyOrThrow(db, ctx, parseId(params.id, 'key')))),
);

export const PATCH = integrationRoute<typeof updateKeyEndpoint, Params>(
  updateKeyEndpoint,
  async ({ ctx, db, params, body }) =>
    json(await updateKey({ ctx, db, input: { ...body, keyId: parseId(params.id, 'key') } })),
);

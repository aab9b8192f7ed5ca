import { listKeysEndpoint, mintKeyEndpoint } from '@/lib/integration/api/keys';
import { listKeysPage } from '@/lib/integration/api/keys/list';
import { mintKey } from '@/lib/integration/key-admin/mint';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';

export const dynamic = 'force-dynamic';

export const GET = integrationRoute(listKeysEndpoint, async ({ ctx, db, query }) =>
  json(await listKeysPage(db, ctx, query)),
);

export const POST = integrationRoute(mintKeyEndpoint, async ({ ctx, db, body }) => {
  const minted = await mintKey({ ctx, db, input: body });
  return json(minted, 201, { Location: `/api/v1/keys/${minted.id}` });
});

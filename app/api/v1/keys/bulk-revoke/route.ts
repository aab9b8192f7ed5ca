import { storedMode } from '@/lib/integration/api/common';
import { bulkRevokeKeysEndpoint } from '@/lib/integration/api/keys';
import { bulkRevokeKeys } from '@/lib/integration/key-admin/bulk-revoke';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';

export const dynamic = 'force-dynamic';

export const POST = integrationRoute(bulkRevokeKeysEndpoint, async ({ ctx, db, body }) =>
  json(await bulkRevokeKeys({ ctx, db, input: { ...body, mode: storedMode(body.mode) } })),
);

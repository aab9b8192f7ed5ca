import { gdprAccess } from '@/lib/gdpr/access';
import { gdprAccessEndpoint } from '@/lib/integration/api/gdpr';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';

export const dynamic = 'force-dynamic';

export const POST = integrationRoute(gdprAccessEndpoint, async ({ ctx, db, body }) =>
  json(await gdprAccess({ ctx, db, input: body })),
);

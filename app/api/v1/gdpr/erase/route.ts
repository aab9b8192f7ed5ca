import { gdprErase } from '@/lib/gdpr/erase';
import { gdprEraseEndpoint } from '@/lib/integration/api/gdpr';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';

export const dynamic = 'force-dynamic';

export const POST = integrationRoute(gdprEraseEndpoint, async ({ ctx, db, body }) =>
  json(await gdprErase({ ctx, db, input: body })),
);

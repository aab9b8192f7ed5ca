import { lintMappingEndpoint } from '@/lib/integration/api/mappings';
import { lintReport } from '@/lib/integration/api/mappings/handlers';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';

export const dynamic = 'force-dynamic';

export const POST = integrationRoute(lintMappingEndpoint, async ({ ctx, db, body }) =>
  json(await lintReport(db, ctx, body)),
);

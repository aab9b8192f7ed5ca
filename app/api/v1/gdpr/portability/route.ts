import { gdprPortability } from '@/lib/gdpr/access';
import { gdprPortabilityEndpoint } from '@/lib/integration/api/gdpr';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';

export const dynamic = 'force-dynamic';

export const POST = integrationRoute(gdprPortabilityEndpoint, async ({ ctx, db, body }) => {
  const data = await gdprPortability({ ctx, db, input: body });
  const filename = `gdpr-export-${data.generatedAt.slice(0, 10)}.json`;
  return json(data, 200, { 'Content-Disposition': `attachment; filename="${filename}"` });
});

import { listIndustries } from '@/lib/integration/api/catalog';
import { listIndustryViews } from '@/lib/integration/api/catalog/reference';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';

export const dynamic = 'force-dynamic';

export const GET = integrationRoute(listIndustries, async ({ db }) =>
  json({ data: await listIndustryViews(db), nextCursor: null }),
);

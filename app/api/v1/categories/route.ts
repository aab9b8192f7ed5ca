import { listCategories } from '@/lib/integration/api/catalog';
import { listCategoryViews } from '@/lib/integration/api/catalog/reference';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';

export const dynamic = 'force-dynamic';

export const GET = integrationRoute(listCategories, async ({ db }) =>
  json({ data: await listCategoryViews(db), nextCursor: null }),
);

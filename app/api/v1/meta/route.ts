import { getMeta } from '@/lib/integration/api/catalog';
import { describeKey } from '@/lib/integration/api/catalog/meta';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';

export const dynamic = 'force-dynamic';

export const GET = integrationRoute(getMeta, async ({ db, key }) => json(await describeKey(db, key)));

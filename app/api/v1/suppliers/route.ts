import { listSuppliers } from '@/lib/integration/api/catalog';
import { listSupplierPage } from '@/lib/integration/api/catalog/suppliers';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';

export const dynamic = 'force-dynamic';

export const GET = integrationRoute(listSuppliers, async ({ ctx, db, query }) =>
  json(await listSupplierPage({ ctx, db, query })),
);

import { createMapping } from '@/lib/erp/mappings/create-mapping';
import { mappingView } from '@/lib/erp/mappings/view';
import type { MappingColumn } from '@/lib/erp/types';
import { createErpMappingEndpoint, listErpMappingsEndpoint } from '@/lib/integration/api/mappings';
import { listMappingsPage } from '@/lib/integration/api/mappings/handlers';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';

export const dynamic = 'force-dynamic';

export const GET = integrationRoute(listErpMappingsEndpoint, async ({ ctx, db, query }) =>
  json(await listMappingsPage(db, ctx, query)),
);

export const POST = integrationRoute(createErpMappingEndpoint, async ({ ctx, db, body }) => {
  const mapping = await createMapping({ ctx, db, input: { ...body, columns: body.columns as MappingColumn[] } });
  return json(mappingView(mapping), 201, { Location: `/api/v1/erp-mappings/${mapping.id}` });
});

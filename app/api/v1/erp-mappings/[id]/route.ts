import { deleteMapping } from '@/lib/erp/mappings/delete-mapping';
import { updateMapping } from '@/lib/erp/mappings/update-mapping';
import { mappingView } from '@/lib/erp/mappings/view';
import type { MappingColumn } from '@/lib/erp/types';
import { deleteErpMappingEndpoint, updateErpMappingEndpoint } from '@/lib/integration/api/mappings';
import { parseId } from '@/lib/integration/input';
import { json, noContent } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';

export const dynamic = 'force-dynamic';

type Params = { id: string };

export const PATCH = integrationRoute<typeof updateErpMappingEndpoint, Params>(
  updateErpMappingEndpoint,
  async ({ ctx, db, params, body }) => {
    const input = {
      mappingId: parseId(params.id, 'mapping'),
      name: body.name,
      columns: body.columns as MappingColumn[] | undefined,
    };
    return json(mappingView(await updateMapping({ ctx, db, input })));
  },
);

export const DELETE = integrationRoute<typeof deleteErpMappingEndpoint, Params>(
  deleteErpMappingEndpoint,
  async ({ ctx, db, params }) => {
    await deleteMapping({ ctx, db, input: { mappingId: parseId(params.id, 'mapping') } });
    return noContent();
  },
);

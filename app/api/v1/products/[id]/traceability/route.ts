import { pageBody, pageInput } from '@/lib/integration/api/paging';
import { addTraceabilityEndpoint, listTraceabilityEndpoint } from '@/lib/integration/api/relations/traceability';
import { parseId } from '@/lib/integration/input';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';
import { addTraceabilityEntry } from '@/lib/passport/relations/add-traceability-entry';
import { listTraceability } from '@/lib/passport/relations/list-traceability';

export const dynamic = 'force-dynamic';

type Params = { id: string };

export const GET = integrationRoute<typeof listTraceabilityEndpoint, Params>(
  listTraceabilityEndpoint,
  async ({ ctx, db, params, query }) => {
    const productId = parseId(params.id, 'product');
    return json(pageBody(await listTraceability({ ctx, db, input: { productId, ...pageInput(query) } })));
  },
);

export const POST = integrationRoute<typeof addTraceabilityEndpoint, Params>(
  addTraceabilityEndpoint,
  async ({ ctx, db, params, body }) => {
    const productId = parseId(params.id, 'product');
    const occurredAt = body.occurredAt ? new Date(body.occurredAt) : null;
    return json(await addTraceabilityEntry({ ctx, db, input: { ...body, productId, occurredAt } }), 201);
  },
);

import { pageBody, pageInput } from '@/lib/integration/api/paging';
import { addComponentEndpoint, listComponentsEndpoint } from '@/lib/integration/api/relations/components';
import { parseId } from '@/lib/integration/input';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';
import { addComponent } from '@/lib/passport/relations/add-component';
import { listComponents } from '@/lib/passport/relations/list-components';

export const dynamic = 'force-dynamic';

type Params = { id: string };

export const GET = integrationRoute<typeof listComponentsEndpoint, Params>(
  listComponentsEndpoint,
  async ({ ctx, db, params, query }) => {
    const productId = parseId(params.id, 'product');
    return json(pageBody(await listComponents({ ctx, db, input: { productId, ...pageInput(query) } })));
  },
);

export const POST = integrationRoute<typeof addComponentEndpoint, Params>(
  addComponentEndpoint,
  async ({ ctx, db, params, body }) => {
    const productId = parseId(params.id, 'product');
    const { component, created } = await addComponent({ ctx, db, input: { ...body, productId } });
    return json(component, created ? 201 : 200);
  },
);

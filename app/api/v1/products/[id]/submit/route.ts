import { submitEndpoint } from '@/lib/integration/api/products';
import { parseId } from '@/lib/integration/input';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';
import { productView } from '@/lib/passport/drafts/product-view';
import { submitDraft } from '@/lib/passport/drafts/submit-draft';

export const dynamic = 'force-dynamic';

export const POST = integrationRoute<typeof submitEndpoint, { id: string }>(
  submitEndpoint,
  async ({ ctx, db, params }) =>
    json(productView(await submitDraft({ ctx, db, input: { productId: parseId(params.id, 'product') } }))),
);

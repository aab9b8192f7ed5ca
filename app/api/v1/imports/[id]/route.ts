import { getImport } from '@/lib/imports/get-import';
import { importView } from '@/lib/imports/view';
import { getImportEndpoint } from '@/lib/integration/api/imports';
import { parseId } from '@/lib/integration/input';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';

export const dynamic = 'force-dynamic';

export const GET = integrationRoute<typeof getImportEndpoint, { id: string }>(
  getImportEndpoint,
  async ({ ctx, db, params }) =>
    json(importView(await getImport({ ctx, db, input: { importId: parseId(params.id, 'import') } }))),
);

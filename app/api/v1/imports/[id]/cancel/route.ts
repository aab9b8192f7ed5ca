import { cancelImport } from '@/lib/imports/cancel-import';
import { importView } from '@/lib/imports/view';
import { cancelImportEndpoint } from '@/lib/integration/api/imports';
import { parseId } from '@/lib/integration/input';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';

export const dynamic = 'force-dynamic';

export const POST = integrationRoute<typeof cancelImportEndpoint, { id: string }>(
  cancelImportEndpoint,
  async ({ ctx, db, params }) =>
    json(importView(await cancelImport({ ctx, db, input: { importId: parseId(params.id, 'import') } }))),
);

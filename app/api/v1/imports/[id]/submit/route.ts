import { submitImport } from '@/lib/imports/submit-import';
import { importView } from '@/lib/imports/view';
import { submitImportEndpoint } from '@/lib/integration/api/imports';
import { parseId } from '@/lib/integration/input';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';

export const dynamic = 'force-dynamic';

export const POST = integrationRoute<typeof submitImportEndpoint, { id: string }>(
  submitImportEndpoint,
  async ({ ctx, db, params }) =>
    json(importView(await submitImport({ ctx, db, input: { importId: parseId(params.id, 'import') } })), 202),
);

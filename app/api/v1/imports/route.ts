import { createImport } from '@/lib/imports/create-import';
import { importView } from '@/lib/imports/view';
import { createImportEndpoint } from '@/lib/integration/api/imports';
import { json } from '@/lib/integration/respond';
import { integrationRoute } from '@/lib/integration/route';

export const dynamic = 'force-dynamic';

export const POST = integrationRoute(createImportEndpoint, async ({ ctx, db, rawBody, request }) => {
  const input = { rawBody, contentType: request.headers.get('content-type') };
  const job = await createImport({ ctx, db, input });
  return json(importView(job), 202, { Location: `/api/v1/imports/${job.id}` });
});
